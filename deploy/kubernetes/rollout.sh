#!/usr/bin/env bash
# A rollout in order: the migration Job runs to completion first, then the services roll (each
# Deployment replaces its pods one at a time, a new pod taking traffic once /health/ready answers).
# A Job's template cannot change, so the previous run is deleted first.
set -euo pipefail
cd "$(dirname "$0")"
kubectl delete job migrate --namespace agent-products --ignore-not-found
kubectl apply -k migrate
kubectl wait job/migrate --namespace agent-products --for=condition=complete --timeout=15m
kubectl apply -k services
