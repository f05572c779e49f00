#!/usr/bin/env bash
# Starts / stops a throwaway redis-server on loopback for the RedisStore tests.
# No persistence (no RDB, no AOF), daemonized, pid file in /tmp. The tests read
# REDIS_TEST_URL (default redis://127.0.0.1:6390) and skip, saying why, when nothing answers.
#   scripts/redis-test-server.sh start|stop|status
# Port override: REDIS_TEST_PORT=6391 scripts/redis-test-server.sh start
set -euo pipefail

PORT="${REDIS_TEST_PORT:-6390}"
PIDFILE="/tmp/headroom-redis-test-${PORT}.pid"
LOGFILE="/tmp/headroom-redis-test-${PORT}.log"

is_up() {
  redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null 2>&1
}

case "${1:-}" in
  start)
    if ! command -v redis-server >/dev/null 2>&1; then
      echo "redis-server not found; install it with: apt-get install -y redis-server" >&2
      exit 1
    fi
    if is_up; then
      echo "redis already answering on 127.0.0.1:${PORT}"
      exit 0
    fi
    redis-server --bind 127.0.0.1 --port "$PORT" --protected-mode yes \
      --save '' --appendonly no --daemonize yes \
      --pidfile "$PIDFILE" --logfile "$LOGFILE" --dir /tmp
    for _ in $(seq 1 50); do
      if is_up; then
        echo "redis-server started on 127.0.0.1:${PORT} (pid $(cat "$PIDFILE" 2>/dev/null || echo '?'))"
        exit 0
      fi
      sleep 0.1
    done
    echo "redis-server did not answer within 5 s; see $LOGFILE" >&2
    exit 1
    ;;
  stop)
    if [[ -f "$PIDFILE" ]]; then
      pid="$(cat "$PIDFILE")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      rm -f "$PIDFILE"
      echo "redis-server on port ${PORT} stopped"
    else
      echo "no pid file for port ${PORT}; nothing to stop"
    fi
    ;;
  status)
    if is_up; then echo "up on 127.0.0.1:${PORT}"; else echo "down"; exit 1; fi
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
