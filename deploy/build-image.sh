#!/usr/bin/env bash
# Builds the deployment image with buildah where no base image can be pulled and no container can
# run (so deploy/Containerfile's RUN steps cannot): FROM scratch over a Debian bookworm root made
# by debootstrap, Node 24 from the npm `node` package (this repository's devDependency), and the
# files of the Containerfile's final stage (stage-image-files.mjs), all prepared on this host.
# Needs root, buildah and debootstrap; reaches only the Debian mirror and the npm registry.
#   deploy/build-image.sh                 → localhost/agent-products:latest
#   IMAGE=name:tag WORK=/some/dir deploy/build-image.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/var/tmp/agent-products-image}
IMAGE=${IMAGE:-localhost/agent-products:latest}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
NODE_BINARY="$ROOT/node_modules/node/bin/node"
# The base image's unprivileged user, as the Containerfile's node:24 base has one.
APP_UID=1000

mkdir -p "$WORK"
if [ ! -x "$WORK/rootfs/bin/sh" ]; then
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$MIRROR"
  rm -rf "$WORK"/rootfs/var/cache/apt/archives/*.deb "$WORK"/rootfs/var/lib/apt/lists/*
fi
grep -q "^node:" "$WORK/rootfs/etc/passwd" || echo "node:x:$APP_UID:$APP_UID::/app:/usr/sbin/nologin" >>"$WORK/rootfs/etc/passwd"
grep -q "^node:" "$WORK/rootfs/etc/group" || echo "node:x:$APP_UID:" >>"$WORK/rootfs/etc/group"

"$NODE_BINARY" --version | grep -q '^v24\.' || { echo "$NODE_BINARY is not Node 24: run npm ci" >&2; exit 1; }

# The app: built output and the files it reads, then production dependencies only.
(cd "$ROOT" && node scripts/build.mjs)
rm -rf "$WORK/app" "$WORK/dependencies"
node "$ROOT/deploy/stage-image-files.mjs" "$WORK/app"
mkdir -p "$WORK/dependencies"
cp "$ROOT/package.json" "$ROOT/package-lock.json" "$WORK/dependencies/"
for manifest in packages/kit apps/ampersand apps/chengdu-soul apps/tutu-sim apps/zaezd; do
  mkdir -p "$WORK/dependencies/$manifest"
  cp "$ROOT/$manifest/package.json" "$WORK/dependencies/$manifest/"
done
(cd "$WORK/dependencies" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund)
cp -a "$WORK/dependencies/node_modules" "$WORK/app/node_modules"

container=$(buildah from scratch)
trap 'buildah rm "$container" >/dev/null 2>&1 || true' EXIT
buildah copy --quiet "$container" "$WORK/rootfs" /
buildah copy --quiet --chmod 0755 "$container" "$NODE_BINARY" /usr/local/bin/node
buildah copy --quiet "$container" "$WORK/app" /app
buildah copy --quiet --chown "$APP_UID:$APP_UID" "$container" "$WORK/app/.data" /app/.data
buildah config \
  --user "$APP_UID:$APP_UID" \
  --workingdir /app \
  --env NODE_ENV=production \
  --env BIND_ADDRESS=0.0.0.0 \
  --env PATH=/usr/local/bin:/usr/bin:/bin \
  --port 8401 --port 8402 --port 8410 --port 3004 --port 3005 \
  --entrypoint '["node", "--max-semi-space-size=32", "--enable-source-maps", "deploy/run.mjs"]' \
  --cmd '["chengdu-soul"]' \
  "$container"
buildah commit --quiet "$container" "$IMAGE"
buildah push --quiet "$IMAGE" "oci-archive:$WORK/agent-products.oci.tar:$IMAGE"
echo "built $IMAGE (OCI archive: $WORK/agent-products.oci.tar)"
