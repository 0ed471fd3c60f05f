/* datasette-switchboard's pages, enhanced: every page works without this script (plain forms, a confirmation page);
   with it, actions post in the background (the connection errors of the specs show when they fail), confirmations
   are dialogs, banners dismiss themselves, lists show their loading state, and the template editor previews live. */
(function () {
  "use strict";
  const TIMEOUT_MS = 20000;
  const main = document.querySelector(".sb-main");
  if (!main) return;
  document.body.classList.add("sb-js");

  // Banners: a success (data-dismiss, ms) goes by itself; any can be closed.
  document.querySelectorAll(".sb-banner[data-dismiss]").forEach((banner) => {
    setTimeout(() => { banner.hidden = true; }, Number(banner.dataset.dismiss));
  });
  document.addEventListener("click", (event) => {
    const close = event.target.closest(".sb-banner-close");
    if (close) close.closest(".sb-banner").hidden = true;
  });

  function problem(text) {
    const banner = document.querySelector(".sb-problem");
    banner.querySelector(".sb-banner-text").textContent = text;
    banner.hidden = false;
    banner.querySelector(".sb-retry").focus();
  }

  function dialog(title, text, buttons) {
    return new Promise((resolve) => {
      const box = document.createElement("dialog");
      box.className = "sb-dialog";
      box.setAttribute("role", "alertdialog");
      box.setAttribute("aria-labelledby", "sb-dialog-title");
      const heading = document.createElement("h2");
      heading.id = "sb-dialog-title";
      heading.textContent = title;
      box.append(heading);
      if (text) {
        const body = document.createElement("p");
        body.textContent = text;
        box.append(body);
      }
      const row = document.createElement("div");
      row.className = "sb-row";
      buttons.forEach(([label, value, extra]) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "sb-button " + (extra || "");
        button.textContent = label;
        button.addEventListener("click", () => box.close(value));
        row.append(button);
      });
      box.append(row);
      box.addEventListener("close", () => { box.remove(); resolve(box.returnValue); });
      document.body.append(box);
      box.showModal();
      row.querySelector("button").focus();
    });
  }

  function loading() {
    document.querySelectorAll(".sb-loading:not(.sb-picker .sb-loading), .sb-skeletons").forEach((element) => {
      element.hidden = false;
    });
  }

  async function post(form, submitter) {
    const data = new FormData(form, submitter);
    const action = (submitter && submitter.getAttribute("formaction")) || form.action;
    const button = submitter || form.querySelector("button[type=submit]");
    const label = button && button.textContent;
    if (button && form.dataset.sbBusy) {
      button.textContent = form.dataset.sbBusy;
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    }
    const restore = () => {
      if (button && form.dataset.sbBusy) {
        button.textContent = label;
        button.disabled = false;
        button.removeAttribute("aria-busy");
      }
    };
    const controller = new AbortController();
    const limit = form.dataset.sbTimeout === "0" ? null : setTimeout(() => controller.abort(), TIMEOUT_MS);
    const headers = { Accept: "application/json" };
    if (form.dataset.sbAlert) headers["X-Switchboard-Alert"] = "1";
    let response;
    try {
      response = await fetch(action, { method: "POST", body: new URLSearchParams(data), headers,
                                       credentials: "same-origin", signal: controller.signal });
    } catch (error) {
      restore();
      problem(controller.signal.aborted ? main.dataset.timeout : (form.dataset.sbFailure || main.dataset.offline));
      return;
    } finally {
      if (limit) clearTimeout(limit);
    }
    let answer = null;
    if ((response.headers.get("content-type") || "").includes("json")) answer = await response.json();
    if (!answer || response.status >= 500) {
      restore();
      problem(form.dataset.sbFailure || main.dataset.server);
      return;
    }
    if (!answer.ok && form.dataset.sbAlert) {
      restore();
      await dialog(form.dataset.sbAlert, answer.message, [[form.dataset.sbOk || "OK", "ok", "sb-primary"]]);
      return;
    }
    window.location.assign(answer.redirect);
  }

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!main.contains(form)) return;
    if (form.method.toLowerCase() !== "post") {
      if (form.hasAttribute("data-sb-loading")) loading();
      return;
    }
    const submitter = event.submitter;
    if (submitter && submitter.name === "preview") return;  // the page itself, with its preview
    event.preventDefault();
    if (form.dataset.confirm && !form.querySelector("input[name=confirmed]")) {
      const answer = await dialog(form.dataset.confirm, "", [["Cancel", "cancel"],
                                                             [form.dataset.confirmLabel || "OK", "confirm", "sb-danger"]]);
      if (answer !== "confirm") return;
      const confirmed = document.createElement("input");
      confirmed.type = "hidden";
      confirmed.name = "confirmed";
      confirmed.value = "1";
      form.append(confirmed);
    }
    post(form, submitter);
  });

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-sb-loading]");
    if (link && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) loading();
    const cancel = event.target.closest(".sb-notes .sb-cancel");
    if (cancel) {
      event.preventDefault();
      cancel.closest("details").open = false;
    }
  });

  // The template editor: live preview, variables inserted at the caret, Save only when name and body are given.
  const editor = document.querySelector("form[data-sb-preview]");
  if (editor) {
    const body = editor.querySelector("textarea[name=body]");
    const name = editor.querySelector("input[name=name]");
    const save = editor.querySelector(".sb-save");
    const valid = () => { save.disabled = !(name.value && body.value); };
    let pending = null;
    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(async () => {
        const url = editor.dataset.sbPreview + "?body=" + encodeURIComponent(body.value);
        const shown = await (await fetch(url, { credentials: "same-origin" })).json();
        const warning = editor.querySelector("[data-sb-warning]");
        warning.hidden = !shown.warning;
        warning.querySelector("span").textContent = shown.warning || "";
        editor.querySelector("[data-sb-rendered]").textContent = shown.preview || "";
        editor.querySelector("[data-sb-variables]").textContent = shown.variables.length ? shown.variables.join(", ") : "none";
      }, 200);
    };
    body.addEventListener("input", () => { valid(); refresh(); });
    name.addEventListener("input", valid);
    editor.querySelectorAll(".sb-insert").forEach((button) => button.addEventListener("click", () => {
      const start = body.selectionStart, end = body.selectionEnd, tag = button.dataset.insert;
      body.value = body.value.slice(0, start) + tag + body.value.slice(end);
      body.focus();
      body.selectionStart = body.selectionEnd = start + tag.length;
      valid();
      refresh();
    }));
    valid();
  }

  // The group picker: search as you type ("Loading groups...", then the groups or "No Groups").
  const search = document.querySelector("input[data-sb-groups]");
  if (search) {
    const picker = search.closest(".sb-picker");
    const select = picker.querySelector("select");
    let pending = null;
    search.addEventListener("input", () => {
      clearTimeout(pending);
      pending = setTimeout(async () => {
        const wait = picker.querySelector(".sb-loading");
        wait.hidden = false;
        const groups = await (await fetch(search.dataset.sbGroups + "?search=" + encodeURIComponent(search.value),
                                          { credentials: "same-origin" })).json();
        wait.hidden = true;
        const chosen = select.value;
        select.querySelectorAll("option:not([value=''])").forEach((option) => option.remove());
        groups.forEach((group) => {
          const option = new Option(group.displayTitle, group.id, false, String(group.id) === chosen);
          select.append(option);
        });
        picker.querySelector(".sb-no-groups").hidden = groups.length > 0 || search.value !== "";
      }, 200);
    });
    search.addEventListener("keydown", (event) => { if (event.key === "Enter") event.preventDefault(); });
  }

  // "Use my location": the browser's position as LAT,LON.
  document.querySelectorAll(".sb-locate").forEach((button) => button.addEventListener("click", () => {
    const field = document.getElementById(button.dataset.for);
    if (!navigator.geolocation) { problem(button.dataset.denied); return; }
    navigator.geolocation.getCurrentPosition(
      (position) => { field.value = position.coords.latitude + "," + position.coords.longitude; },
      () => problem(button.dataset.denied), { timeout: 10000 });
  }));
})();
