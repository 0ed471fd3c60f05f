"""The templates page (spec 000) in headless Chromium: the type filter with counts and the cards match the CLI's
queries; Create New with the variables guide and the live preview (template_render with the guide's examples), a
body that does not parse saved with its warning, Edit, and Delete with its confirmation, each checked in the rows."""
from pages_browser import needs_chromium
from pages_support import ALEX, cli_json, rows

pytestmark = needs_chromium


def names(pages):
    return [title.text for title in pages.all("article.sb-template h2")]


def test_the_library_shows_what_the_cli_shows(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("templates")
    assert [pages.find("h1").text, pages.find(".sb-subtitle").text] == [
        "Communication Templates", "Create and manage email, text, and social media templates"]
    assert [tab.text for tab in pages.all(".sb-tabbar a")] == ["My Templates (12)", "Create New"]
    assert [chip.text for chip in pages.all(".sb-chip")] == [
        row["button_label"] for row in cli_json(database, "templates-type-counts")] == [
        "All (12)", "Email (5)", "Text (4)", "Twitter (3)"]
    assert names(pages) == [row["name"] for row in cli_json(database, "templates-list")]
    pages.assert_no_ids_or_sql()
    pages.shoot("templates")
    pages.click_and_load(pages.all(".sb-chip")[1])
    assert names(pages) == [row["name"] for row in cli_json(database, "templates-list", "type=email")]
    assert pages.all(".sb-chip")[1].get_attribute("aria-current") == "true"
    pages.find("#sb-search").send_keys("camp")
    pages.click_and_load(pages.find(".sb-search-row button"))
    assert names(pages) == [row["name"] for row in cli_json(database, "templates-list", "type=email", "search=camp")]
    pages.open("templates?search=nothing-has-this")
    assert pages.find(".sb-empty h2").text == "No templates found"


def test_create_with_live_preview_then_edit_then_delete(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("templates")
    pages.click_and_load(pages.all(".sb-tabbar a")[1])  # Create New
    save = pages.find("button.sb-save")
    assert save.text == "Save Template" and not save.is_enabled()  # enabled only when the form is valid
    assert [item.text.split(" ", 1)[0] for item in pages.all(".sb-guide li")] == [
        "{{coach_name}}", "{{athlete_name}}", "{{school_name}}", "{{sport}}"]
    pages.find("#sb-name").send_keys("Camp thanks")
    body = pages.find("#sb-body")
    body.send_keys("Dear {{coach_name}}, thanks for the ")
    pages.find(".sb-insert[data-insert='{{sport}}']").click()
    body.send_keys(" camp at {{school_name}}.")
    pages.wait(lambda d: pages.find("[data-sb-rendered]").text
               == "Dear Coach Smith, thanks for the Soccer camp at State University.")
    assert pages.find("[data-sb-variables]").text == "coach_name, sport, school_name"
    assert save.is_enabled()
    pages.shoot("template-create")
    pages.click_and_load(save)
    assert pages.banners() == ["Template saved"]
    assert rows(database, "SELECT type, body FROM communication_templates WHERE name = 'Camp thanks' AND user_id = ?",
                ALEX) == [("email", "Dear {{coach_name}}, thanks for the {{sport}} camp at {{school_name}}.")]
    assert names(pages)[0] == "Camp thanks" and pages.all(".sb-tabbar a")[0].text == "My Templates (13)"
    pages.click_and_load(pages.find("article.sb-template a.sb-button"))  # Edit
    assert pages.find("button.sb-save").text == "Save Changes"
    name = pages.find("#sb-name")
    name.clear()
    name.send_keys("Camp thank-you")
    pages.find("#sb-type option[value=text]").click()
    pages.click_and_load(pages.find("button.sb-save"))
    assert rows(database, "SELECT name, type FROM communication_templates WHERE body LIKE 'Dear {{coach_name}}, thanks%'"
                ) == [("Camp thank-you", "text")]
    pages.click_and_load(pages.find("article.sb-template a.sb-button"))
    pages.find(".sb-delete-form button").click()
    assert pages.confirm("Delete") == "Delete “Camp thank-you”?"
    assert rows(database, "SELECT count(*) FROM communication_templates WHERE name = 'Camp thank-you'") == [(0,)]
    assert pages.banners() == ["Template deleted"] and "Camp thank-you" not in names(pages)


def test_a_body_that_does_not_parse_shows_why_and_is_saved_as_written(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("templates/new")
    pages.find("#sb-name").send_keys("Half done")
    pages.find("#sb-body").send_keys("Dear {{#coach}}{{name}}")
    pages.wait(lambda d: pages.find("[data-sb-warning]").is_displayed())
    assert pages.find("[data-sb-warning]").text == "⚠ Warning: unclosed section 'coach' opened at line 1, column 6"
    pages.click_and_load(pages.find("button.sb-save"))
    assert pages.banners() == ["Template saved. Warning: body: unclosed section 'coach' opened at line 1, column 6"]
    assert rows(database, "SELECT body FROM communication_templates WHERE name = 'Half done'") == [
        ("Dear {{#coach}}{{name}}",)]
    card = next(card for card in pages.all("article.sb-template") if "Half done" in card.text)
    assert "⚠ unclosed section 'coach' opened at line 1, column 6" in card.text
