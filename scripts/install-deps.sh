#!/usr/bin/env bash
# Installs the Debian packages Muster builds, tests and runs with.
# Idempotent: when every package is already installed it does nothing and touches no network.
set -euo pipefail

PACKAGES=(
  # build
  cmake g++ make ninja-build pkg-config git
  # the clang build and the libFuzzer targets (scripts/fuzz.sh); clang-tidy (scripts/tidy.sh)
  clang libclang-rt-14-dev clang-tidy
  # Qt 6.4 Quick + Controls + Multimedia + Quick Test
  qt6-declarative-dev qml6-module-qtquick-controls qml6-module-qtquick-templates qml6-module-qtquick-layouts
  qml6-module-qtquick-window qml6-module-qtqml-workerscript qml6-module-qtquick qml6-module-qtqml
  qml6-module-qtqml-models qml6-module-qttest qt6-multimedia-dev qml6-module-qtmultimedia gstreamer1.0-plugins-base
  qml6-module-qtquick-dialogs
  # qmllint, for the qml.lint test (scripts/qmllint.sh)
  qt6-declarative-dev-tools
  # the on-screen keyboard (its Keyboard.qml needs the folder list model)
  qml6-module-qtquick-virtualkeyboard qt6-virtualkeyboard-plugin qml6-module-qt-labs-folderlistmodel
  # the players' phones view (Qt HttpServer and WebSockets) and its browser test
  qt6-httpserver-dev qt6-websockets-dev chromium
  # results said aloud: Qt TextToSpeech and its flite engine
  qt6-speech-dev qt6-speech-flite-plugin
  # vision, storage, formats
  libopencv-dev libzxing-dev libqrencode-dev libsqlite3-dev libsqlitecpp-dev nlohmann-json3-dev
  # device signatures (Ed25519)
  libsodium-dev
  # the report's HTML template; SHA-256 and base64 (libcrypto)
  libkainjow-mustache-dev libssl-dev
  # muster-cli's command line
  libcli11-dev
  # tests and benchmarks
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  # headless display, fonts, PDF rendering for the chit round trip
  xvfb xauth libgl1-mesa-dri fonts-dejavu-core poppler-utils
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present, nothing to do."
  exit 0
fi

echo "install-deps: missing ${#missing[@]} package(s): ${missing[*]}"

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  cat >&2 <<MSG
install-deps: cannot install packages: not root and no password-less sudo.
Ask an administrator to run, once:
  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}
then run this command again.
MSG
  exit 2
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: installed ${#missing[@]} package(s)."
