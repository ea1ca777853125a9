#!/usr/bin/env bash
# A Docker engine for CI and for a fresh machine of this kind (root, no systemd):
#   scripts/docker-engine.sh start   installs docker.io, docker-compose and debootstrap when missing (Debian's
#                                    packages), starts dockerd when no engine answers (pid in $YARDS_DOCKERD_PID)
#   scripts/docker-engine.sh stop    stops the dockerd this script started, by its pid; leaves any other alone
# DOCKER_HOST is honoured (unix sockets): the engine listens there instead of /var/run/docker.sock.
set -euo pipefail
pidfile="${YARDS_DOCKERD_PID:-/run/12yards-engine.pid}"
logfile="${YARDS_DOCKERD_LOG:-/tmp/12yards-dockerd.log}"
host="${DOCKER_HOST:-unix:///var/run/docker.sock}"

answers() { docker info --format '{{.ServerVersion}}' > /dev/null 2>&1; }

start() {
  local missing=()
  command -v dockerd > /dev/null || missing+=(docker.io)
  command -v docker-compose > /dev/null || docker compose version > /dev/null 2>&1 || missing+=(docker-compose)
  command -v debootstrap > /dev/null || missing+=(debootstrap)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "[docker] installing ${missing[*]} (Debian packages)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=300 update -q > /dev/null
    apt-get -o DPkg::Lock::Timeout=300 install -y -q "${missing[@]}" > /dev/null
  fi
  if answers; then
    echo "[docker] an engine already answers at $host (not started here, not stopped here)"
    return 0
  fi
  local started=$SECONDS
  dockerd -H "$host" --pidfile "$pidfile" > "$logfile" 2>&1 &
  for _ in $(seq 1 120); do
    if answers; then
      echo "[docker] dockerd started (pid $(cat "$pidfile")) at $host in $((SECONDS - started)) s; log: $logfile"
      return 0
    fi
    sleep 0.5
  done
  echo "[docker] dockerd did not answer within 60 s; see $logfile" >&2
  tail -20 "$logfile" >&2 || true
  return 1
}

stop() {
  [ -f "$pidfile" ] || return 0
  local pid
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2> /dev/null; then
    kill "$pid"
    for _ in $(seq 1 60); do
      kill -0 "$pid" 2> /dev/null || break
      sleep 0.5
    done
    kill -0 "$pid" 2> /dev/null && kill -9 "$pid"
    echo "[docker] dockerd (pid $pid) stopped"
  fi
  rm -f "$pidfile"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
