#!/usr/bin/env bash
# Checks the dependency direction of README.md/STYLE.md in the sources: what each module may include.
# Usage: check_layering.sh <source root>. Prints every violation; exits 1 if there is any.
set -uo pipefail
root="${1:?usage: check_layering.sh <source root>}"
cd "$root" || exit 2
fail=0

# report <description> <grep -E pattern> <paths...>
report() {
    local what="$1" pattern="$2"
    shift 2
    local hits
    hits=$(grep -rnHE --include='*.h' --include='*.hpp' --include='*.cpp' "$pattern" "$@" 2>/dev/null)
    if [ -n "$hits" ]; then
        echo "layering: $what:"
        echo "$hits" | sed 's/^/  /'
        fail=1
    fi
}

qt='^\s*#\s*include\s*[<"](Q[A-Za-z]*|Qt[A-Za-z]*/)'
sql='^\s*#\s*include\s*[<"](sqlite3\.h|SQLiteCpp/)'
cv='^\s*#\s*include\s*[<"](opencv2/|ZXing/)'
json='^\s*#\s*include\s*[<"]nlohmann/'

[ -d rules ] && report "rules/ includes Qt" "$qt" rules
[ -d rules ] && report "rules/ includes SQLite" "$sql" rules
[ -d rules ] && report "rules/ includes OpenCV or ZXing" "$cv" rules
[ -d rules ] && report "rules/ uses nlohmann/json outside an io/ folder" "$json" $(find rules -name '*.[ch]*' -not -path '*/io/*')
for m in vision calibration; do
    [ -d "$m" ] && report "$m/ includes Qt" "$qt" "$m"
    [ -d "$m" ] && report "$m/ includes SQLite" "$sql" "$m"
    [ -d "$m" ] && report "$m/ includes app/" '^\s*#\s*include\s*"app/' "$m"
done
# calibration and vision are peers: images are decoded by common/image, and the calibration <-> vision hint
# adapter is app/camera/VisionHints.h.
[ -d calibration ] && report "calibration/ includes vision/" '^\s*#\s*include\s*"vision/' calibration
if [ -f calibration/CMakeLists.txt ] && grep -nE '\bmuster_vision\b' calibration/CMakeLists.txt | grep -vE '^[0-9]+:\s*#'; then
    echo "layering: calibration links muster_vision"
    fail=1
fi
[ -d app/camera ] && report "app/camera includes Qt" "$qt" app/camera
[ -d app/camera ] && report "app/camera includes another app folder" '^\s*#\s*include\s*"app/(cli|report|ui|print|storage)/' app/camera
[ -d app/storage ] && report "app/storage includes Qt" "$qt" app/storage
[ -d app/storage ] && report "app/storage includes another app folder" '^\s*#\s*include\s*"app/(cli|report|ui|print)/' app/storage
[ -d app/report ] && report "app/report includes Qt" "$qt" app/report
[ -d app/report ] && report "app/report includes the CLI or the UI" '^\s*#\s*include\s*"app/(cli|ui)/' app/report
# The touch app reaches the report through app/report, never by running CLI code.
[ -d app/ui ] && report "app/ui includes app/cli" '^\s*#\s*include\s*"app/cli/' app/ui
if [ -f app/ui/CMakeLists.txt ]; then
    hits=$(grep -nE '\bmuster_cli\b' app/ui/*.cmake app/ui/CMakeLists.txt 2>/dev/null | grep -vE '^[^:]+:[0-9]+:\s*#')
    if [ -n "$hits" ]; then
        echo "layering: app/ui links muster_cli:"
        echo "$hits" | sed 's/^/  /'
        fail=1
    fi
fi
[ -d common ] && report "common/ includes more than the standard library" '^\s*#\s*include\s*"' \
    $(find common -name '*.[ch]*' -not -path 'common/crypto/*' -not -path 'common/colour/*' -not -path 'common/image/*')
# common/image: OpenCV's codecs beside common's own types and nothing else.
[ -d common/image ] && report "common/image includes more than common/ and OpenCV" \
    '^\s*#\s*include\s*("(app|rules|vision|calibration)/|<(Q|ZXing/|nlohmann/|sqlite|openssl/))' common/image
# common/colour: the standard library and common's own types only.
[ -d common/colour ] && report "common/colour includes more than common/ and the standard library" \
    '^\s*#\s*include\s*("(app|rules|vision|calibration)/|<(Q|opencv2/|ZXing/|nlohmann/|sqlite|openssl/))' common/colour
# common/crypto: OpenSSL behind one adapter, beside common's own types and nothing else.
[ -d common/crypto ] && report "common/crypto includes more than common/ and OpenSSL" \
    '^\s*#\s*include\s*("(app|rules|vision|calibration)/|<(Q|opencv2/|ZXing/|nlohmann/|sqlite))' common/crypto
report "OpenSSL outside common/crypto" '^\s*#\s*include\s*<openssl/' \
    $(find . -path ./build -prune -o -path ./common/crypto -prune -o \( -name '*.h' -o -name '*.cpp' \) -print)
# The app and the QML know rule sets only through the seam (rules/core/RuleSet.h, rules/RuleSets.h).
[ -d app ] && report "app/ includes or names Manifest Destiny's own code" '(rules/md/|\bmd::|"md")' app
if [ -d qml ]; then
    hits=$(grep -rnHE --include='*.qml' --include='*.js' '(\bmd\.|"md"|mexican|american)' qml 2>/dev/null)
    if [ -n "$hits" ]; then
        echo "layering: qml/ names Manifest Destiny's own phases, nations or keys:"
        echo "$hits" | sed 's/^/  /'
        fail=1
    fi
fi
[ -d rules ] && report "rules/ names MD outside rules/md and the registry" '(rules/md/|\bmd::)' \
    $(find rules -name '*.[ch]*' -not -path 'rules/md/*' -not -name 'RuleSets.cpp')
[ -d rules ] && report "rules/ includes another module" '^\s*#\s*include\s*"(app|vision|calibration)/' rules

if [ "$fail" = 0 ]; then
    echo "layering: OK"
fi
exit "$fail"
