#!/bin/sh
# The image's entry point (deploy/Dockerfile): runs one part of Chat-flow, chosen by the container's command.
# Node is the container's first process (exec): it receives SIGTERM directly and stops gracefully.
set -eu
part="${1:-core}"
case "$part" in
  core) exec node --max-semi-space-size=8 core/dist/main.js ;;
  sync) exec node sync-server/src/main.ts ;;
  worker) exec node channel-worker/src/main.ts ;;
  *)
    echo "usage: core | sync | worker (got: $part)" >&2
    exit 64
    ;;
esac
