#!/usr/bin/env bash
# Source this file (`. scripts/node-runtime.sh`) to run the project on the Node.js release named in .nvmrc (Node 22
# LTS), whatever Node the machine has. The official build comes from the npm registry's node-linux-<arch> package
# (the same binary as nodejs.org, with the headers node-gyp needs to compile better-sqlite3), installed once into
# ~/.cache/12yards/tools/node-v<version> (override with YARDS_TOOLS_HOME) and reused. The machine's npm is kept; it
# runs on this Node because it starts through `env node`.
_yards_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_yards_version="$(tr -d ' \nv' < "$_yards_root/.nvmrc")"
case "$(uname -m)" in
  x86_64) _yards_arch=x64 ;;
  aarch64 | arm64) _yards_arch=arm64 ;;
  *) _yards_arch="" ;;
esac
_yards_dir="${YARDS_TOOLS_HOME:-$HOME/.cache/12yards/tools}/node-v$_yards_version"
if [ -n "$_yards_arch" ] && [ ! -x "$_yards_dir/bin/node" ]; then
  echo "[node] installing Node.js $_yards_version (node-linux-$_yards_arch from the npm registry) into $_yards_dir"
  _yards_tmp="$(mktemp -d)"
  if (cd "$_yards_tmp" && npm pack --silent "node-linux-$_yards_arch@$_yards_version" > /dev/null) \
    && mkdir -p "$_yards_dir.partial" \
    && tar xzf "$_yards_tmp"/node-linux-*.tgz -C "$_yards_dir.partial" --strip-components=1 \
    && "$_yards_dir.partial/bin/node" --version > /dev/null; then
    rm -rf "$_yards_dir" && mv "$_yards_dir.partial" "$_yards_dir"
  else
    rm -rf "$_yards_dir.partial"
  fi
  rm -rf "$_yards_tmp"
fi
if [ -x "$_yards_dir/bin/node" ]; then
  export PATH="$_yards_dir/bin:$PATH"
  # node-gyp builds native modules against these headers instead of downloading them.
  export npm_config_nodedir="$_yards_dir"
  echo "[node] Node.js $(node --version) from $_yards_dir"
else
  echo "[node] could not install Node.js $_yards_version; going on with $(node --version) from $(command -v node)" >&2
  # Debian's Node ships its headers under /usr/include/node.
  if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ]; then export npm_config_nodedir=/usr; fi
fi
unset _yards_root _yards_version _yards_arch _yards_dir _yards_tmp
