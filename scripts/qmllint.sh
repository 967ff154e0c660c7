#!/usr/bin/env bash
# qmllint on every QML file of the app (qml/) and of its Qt Quick tests (tests/qml, tests/qml_keyboard), or on the
# files given; exits non-zero on any warning. CTest runs it as qml.lint. Needs a build folder where muster_app has
# been built ($MUSTER_BUILD_DIR, default build/): the module "Muster" is linted against its generated qmldir and
# muster_app.qmltypes there, so the C++ types (GameController, CameraService, ...) are known.
#
# Qt 6.4 false positives that no source change removes are silenced on their line with
# "// qmllint disable <category>" and a "Lint note:" comment saying why (a comment may not begin with the word
# qmllint: 6.4 reads any such comment as a directive). The one used most: an id read from inside a delegate is
# "unqualified" to 6.4's qmllint, which cannot see across a component's edge (6.5's pragma ComponentBehavior:
# Bound lets it; 6.4 has no such pragma).
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$MUSTER_ROOT"

QMLLINT="${QMLLINT:-}"
if [ -z "$QMLLINT" ] || [ ! -x "$QMLLINT" ]; then # unset, or CMake's MUSTER_QMLLINT-NOTFOUND
    QMLLINT=""
    for candidate in /usr/lib/qt6/bin/qmllint "$(command -v qmllint6 || true)" "$(command -v qmllint || true)"; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then
            QMLLINT="$candidate"
            break
        fi
    done
fi
if [ -z "$QMLLINT" ]; then
    echo "qmllint: not found: install qt6-declarative-dev-tools (scripts/install-deps.sh does)" >&2
    exit 2
fi

module_dir="$MUSTER_BUILD_DIR/app/ui"
if [ ! -f "$module_dir/Muster/qmldir" ] || [ ! -f "$module_dir/Muster/muster_app.qmltypes" ]; then
    echo "qmllint: no Muster module in $module_dir: build muster_app first" >&2
    exit 2
fi
qt_qml_dir="${MUSTER_QT_QML_DIR:-$(qtpaths6 --query QT_INSTALL_QML 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/qt6/qml)}"

# The resource files map each source file to its place in the module, as in Qt's own muster_app_qmllint target.
resources=()
for qrc in "$module_dir"/.rcc/*.qrc; do
    [ -f "$qrc" ] && resources+=(--resource "$qrc")
done

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    mapfile -t files < <(find qml tests/qml tests/qml_keyboard -name '*.qml' 2>/dev/null | sort)
fi

# --bare: only the import paths named here, not the current folder's or the environment's.
status=0
output="$("$QMLLINT" --bare -I "$module_dir" -I "$qt_qml_dir" "${resources[@]}" "${files[@]}" 2>&1)" || status=$?
if [ -n "$output" ]; then
    printf '%s\n' "$output"
fi
warnings="$(printf '%s\n' "$output" | grep -c '^Warning' || true)"
if [ "$status" -ne 0 ] || [ "$warnings" -ne 0 ]; then
    echo "qmllint: $warnings warning(s) in ${#files[@]} file(s) (exit $status)" >&2
    exit 1
fi
echo "qmllint: ${#files[@]} file(s), no warnings"
