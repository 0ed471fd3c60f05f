#!/usr/bin/env bash
# The release CLI's size: the portable build's executable (what scripts/dist ships as bin/switchboard), stripped,
# compressed with gzip -9 and as the tarball compresses it (xz -9e), beside libswitchboard.so, the tarball's other
# large file; then what each library linked into the CLI weighs, from the linker's map (the CLI is relinked with
# -Map, which changes nothing else). BASE=path/to/switchboard-cli adds a previous build's executable for comparison.
#   Benchmarks/cli/size.sh
#   BASE=old/switchboard-cli Benchmarks/cli/size.sh
# Goals (issue's terms): the CLI at most 10 MB, the tarball (dist/*.tar.xz, scripts/dist) at most 6 MB.
set -euo pipefail
cd "$(dirname "$0")/../.."

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PORTABLE_LINK_MAP=$WORK/cli.map scripts/build-portable switchboard-cli > /dev/null 2>&1
[ -f .build-portable/release/libswitchboard.so ] || scripts/build-portable switchboard > /dev/null 2>&1

sizes() { # label, file: the stripped file's bytes, gzip -9 bytes, xz -9e bytes
    cp "$2" "$WORK/stripped"
    strip "$WORK/stripped"
    printf '| %s | %s | %s | %s |\n' "$1" "$(stat -c %s "$WORK/stripped")" "$(gzip -9c "$WORK/stripped" | wc -c)" "$(xz -9e -c "$WORK/stripped" | wc -c)"
}
echo "| file | stripped bytes | gzip -9 bytes | xz -9e bytes |"
echo "|:--|--:|--:|--:|"
[ -n "${BASE:-}" ] && sizes "previous CLI ($BASE)" "$BASE"
sizes "CLI (.build-portable/release/switchboard-cli)" .build-portable/release/switchboard-cli
sizes "libswitchboard.so" .build-portable/release/libswitchboard.so
for tarball in dist/switchboard-*-linux-*.tar.xz; do
    [ -f "$tarball" ] && printf '| %s | %s | | |\n' "$tarball" "$(stat -c %s "$tarball")"
done

echo
python3 - "$WORK/cli.map" <<'PY'
# The bytes each archive (or package target) puts in the CLI's loaded sections, from gold's map.
import collections, re, sys
lines = open(sys.argv[1], errors="replace").read().split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith("Memory map") or l.startswith("Linker script and memory map"))
total = collections.Counter()
section = pending = None
for line in lines[start:]:
    head = re.match(r"^(\S+)", line)
    if head:
        section = head.group(1)
        continue
    whole = re.match(r"^ (\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
    if whole:
        size, source = int(whole.group(2), 16), whole.group(3)
    else:
        name = re.match(r"^ (\S+)$", line)
        if name:
            pending = name.group(1)
            continue
        rest = re.match(r"^\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$", line)
        if not (rest and pending):
            continue
        size, source = int(rest.group(1), 16), rest.group(2)
    pending = None
    if section in (None, "/DISCARD/", ".bss", ".tbss", ".comment") or section.startswith(".debug"):
        continue
    archive = re.search(r"([^/\s]+\.a)\(", source)
    total[archive.group(1) if archive else re.sub(r".*/(\S+?)\.build/.*", r"\1 (target)", source)] += size
print("| linked from | MB |")
print("|:--|--:|")
for name, size in total.most_common(24):
    print(f"| {name} | {size / 1e6:.2f} |")
print(f"| all of the map's loaded input sections | {sum(total.values()) / 1e6:.2f} |")
PY
