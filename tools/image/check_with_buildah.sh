#!/bin/bash
# Check deploy/Dockerfile without a Docker engine or Docker Hub: buildah + a debootstrap stand-in for
# python:3.11-slim. Redoes, from scratch, in $W (default /tmp/tricktable-image-check, wiped first):
#   1. the stand-in base image  docker.io/library/python:3.11-slim  (Debian bookworm minbase, Debian's
#      python3.11 as `python`, pip + venv, the CPython headers; no gcc, no libc6-dev)
#   2. buildah build of deploy/Dockerfile from a clean clone of $REPO's committed HEAD -> localhost/tricktable
#   3. checks of the runtime image (buildah run --isolation chroot)
# Needs: root, Debian 12, `apt-get install -y buildah debootstrap`, deb.debian.org and PyPI reachable.
# Usage: tools/image/check_with_buildah.sh [REPO]   (REPO default: this checkout; env: W, NICE (default 5), DRIVER (overlay|vfs))
# Behind a TLS-intercepting proxy (extra CAs in /usr/local/share/ca-certificates) the host's CA bundle is
# bind-mounted into the build's RUN steps (not into the image): pip in the image would not trust it.
set -euo pipefail

REPO=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
W=${W:-/tmp/tricktable-image-check}
NICE="nice -n ${NICE:-5}"
DRIVER=${DRIVER:-overlay}
MIRROR=http://deb.debian.org/debian
BASE=docker.io/library/python:3.11-slim
export CONTAINERS_STORAGE_CONF=$W/storage.conf   # keeps images and containers under $W
export DEBIAN_FRONTEND=noninteractive
log() { printf '\n== %s  %s\n' "$(date +%T)" "$*"; }
fails=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; fails=$((fails + 1)); }

# ---- from scratch -------------------------------------------------------------------------------------
if [ -e "$W/storage.conf" ]; then
    buildah rm --all >/dev/null 2>&1 || true
    buildah rmi --all --force >/dev/null 2>&1 || true
    mountpoint -q "$W/rootfs/proc" && umount "$W/rootfs/proc"
fi
rm -rf "$W"
mkdir -p "$W"
cat > "$W/storage.conf" <<EOF
[storage]
driver = "$DRIVER"
graphroot = "$W/storage"
runroot = "$W/runroot"
EOF

# ---- 1. stand-in for python:3.11-slim --------------------------------------------------------------------
log "debootstrap bookworm minbase"
t0=$(date +%s)
$NICE debootstrap --variant=minbase bookworm "$W/rootfs" "$MIRROR" > "$W/debootstrap.log" 2>&1
R=$W/rootfs
mount -t proc proc "$R/proc"
trap 'mountpoint -q "$R/proc" && umount "$R/proc"' EXIT
log "slim like debian:bookworm-slim; python3.11, venv, pip (no recommends); the headers from libpython3.11-dev"
# debian:bookworm-slim (under python:3.11-slim) keeps no docs, man pages or translations; as its dpkg config:
cat > "$R/etc/dpkg/dpkg.cfg.d/docker" <<'EOF2'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF2
# ... and its apt configuration (debuerreotype's): no package caches or downloaded .debs left in a layer.
cat > "$R/etc/apt/apt.conf.d/docker-clean" <<'EOF2'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF2
echo 'Acquire::Languages "none";' > "$R/etc/apt/apt.conf.d/docker-no-languages"
echo 'Acquire::GzipIndexes "true";' > "$R/etc/apt/apt.conf.d/docker-gzip-indexes"
echo 'Apt::AutoRemove::SuggestsImportant "false";' > "$R/etc/apt/apt.conf.d/docker-autoremove-suggests"
find "$R/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
rm -rf "$R"/usr/share/man/* "$R"/usr/share/info/* "$R"/usr/share/locale/* "$R"/usr/share/lintian/*
# python:3.11-slim's own layer: ca-certificates netbase tzdata (+ its CPython in /usr/local; Debian's here)
$NICE chroot "$R" sh -ec '
    apt-get update -q
    apt-get install -y -q --no-install-recommends ca-certificates netbase tzdata python3.11 python3-venv python3-pip
    cd /tmp && apt-get download -q libpython3.11-dev'  > "$W/base.log" 2>&1
# The headers only: installing python3.11-dev would pull libc6-dev (via zlib1g-dev and libexpat1-dev),
# which python:3.11-slim does not have.
mkdir -p "$W/x" && dpkg-deb -x "$R"/tmp/libpython3.11-dev_*.deb "$W/x" && rm "$R"/tmp/*.deb
cp -a "$W/x/usr/include/." "$R/usr/include/"
cfg=usr/lib/python3.11/config-3.11-x86_64-linux-gnu
mkdir -p "$R/$cfg"
(cd "$W/x/$cfg" && cp -a Makefile Setup* makesetup install-sh config.c config.c.in python-config.py "$R/$cfg/")
ln -sf python3.11 "$R/usr/bin/python"
chroot "$R" apt-get clean
rm -rf "$R"/var/lib/apt/lists/* "$W/x"
: > "$R/etc/resolv.conf"
umount "$R/proc"
chroot "$R" sh -ec 'python --version; python -m venv /tmp/v; /tmp/v/bin/pip --version; rm -rf /tmp/v
                    test -f /usr/include/python3.11/Python.h; test -f /etc/services; ! command -v gcc cc' | tee -a "$W/base.log"
log "import the rootfs as $BASE"
c=$(buildah from scratch)
m=$(buildah mount "$c")
cp -a "$R/." "$m/"
buildah umount "$c" >/dev/null
buildah config --os linux --arch amd64 --cmd python3 --env LANG=C.UTF-8 \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --label "org.opencontainers.image.description=stand-in for python:3.11-slim (debootstrap + Debian python3.11)" "$c"
buildah commit -q --rm "$c" "$BASE"
t1=$(date +%s)
echo "base image: $((t1 - t0)) s"

# ---- 2. build deploy/Dockerfile ---------------------------------------------------------------------------
log "clone $REPO (committed HEAD) and build"
git clone -q "$REPO" "$W/src"
git -C "$W/src" log --oneline -1
ca=()
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
    ca=(--volume /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro)
fi
t2=$(date +%s)
( cd "$W/src" && $NICE buildah build --isolation chroot --pull-never --format docker "${ca[@]}" \
      -f deploy/Dockerfile -t tricktable . ) > "$W/build.log" 2>&1 \
    || { tail -30 "$W/build.log"; echo "build failed (whole log: $W/build.log)"; exit 1; }
t3=$(date +%s)
echo "build: $((t3 - t2)) s (log: $W/build.log)"
grep -E '^compiled ' "$W/build.log"
describe=$(grep -A1 '^compiled [0-9]* modules' "$W/build.log" | tail -1)
echo "build stage describe_build(): $describe"
[[ $describe == "compiled (mypyc)"* ]] && pass "build stage: compiled (mypyc)" || fail "build stage: $describe"

# ---- 3. the runtime image ---------------------------------------------------------------------------------
log "checks of localhost/tricktable"
buildah images
c=$(buildah from --pull-never localhost/tricktable)
run() { buildah run --isolation chroot "$c" -- "$@"; }
[ "$(run id -u)" = 10001 ] && pass "user: uid 10001" || fail "user: $(run id)"
[ -z "$(run sh -c 'command -v gcc cc x86_64-linux-gnu-gcc' || true)" ] && pass "no gcc/cc" || fail "a C compiler is in the image"
run sh -c '! dpkg -s libc6-dev >/dev/null 2>&1' && pass "no libc6-dev" || fail "libc6-dev is in the image"
builds=$(run python -m games list | python3 -c 'import json,sys; print(" ".join(sorted({g["build"] for g in json.load(sys.stdin)})))')
[ "$builds" = mypyc ] && pass "python -m games list: build $builds" || fail "python -m games list: builds $builds"
d=$(run sh -c 'TRICKTABLE_BUILD=mypyc python -c "import games; print(games.describe_build())"')
echo "runtime describe_build(): $d"
[[ $d == "compiled (mypyc)"* ]] && pass "runtime: compiled (mypyc)" || fail "runtime: $d"
run python -m games simulate kings --games 5 --seed 1 | grep -q '"violations": 0, .*"build": "mypyc"' \
    && pass "simulate kings: 5 games on the compiled engine" || fail "simulate kings"
run sh -c 'o=/opt/venv/lib/python3.11/site-packages/games_compiled; test -f $o/manifest.json &&
           ls $o/games_mypyc__mypyc*.so >/dev/null && echo "$(find $o -name "*.so" | wc -l) extensions, $(du -sh $o | cut -f1)"' \
    && pass "games_compiled with manifest.json in /opt/venv" || fail "games_compiled missing"
run test -f /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc && pass "fonts-noto-cjk installed" || fail "no Noto CJK"
f=$(run python -c 'from bot.art import fonts; print(fonts.latin_path(), fonts.cjk_path())')
echo "fonts the bot finds: $f"
[[ $f == *DejaVuSans-Bold.ttf*NotoSansCJK-Bold.ttc ]] && pass "bot.art.fonts finds both" || fail "fonts: $f"
set +e
h=$(run python -m bot.ops.health 2>&1); hs=$?
set -e
printf '%s\n' "$h"
[ $hs -ne 0 ] && ! grep -q Traceback <<<"$h" && grep -q 'does not exist' <<<"$h" \
    && pass "bot.ops.health: exit $hs, a message, no traceback" || fail "bot.ops.health (exit $hs)"
set +e
b=$(run timeout 6 python -m bot --wait-on-config-error 2>&1); bs=$?
set -e
printf '%s\n' "$b" | grep -v '^subprocess exited\|^Error: exit status'
[ $bs -ne 0 ] && grep -q '^  DISCORD_TOKEN: not set$' <<<"$b" && ! grep -q Traceback <<<"$b" \
    && pass "bot without DISCORD_TOKEN: names it, idles (killed by timeout after 6 s)" || fail "bot (exit $bs)"
h=$(run python -m bot.ops.health 2>&1 || true)
grep -q 'configuration error: DISCORD_TOKEN: not set' <<<"$h" \
    && pass "health check then shows the configuration error" || fail "health after config error: $h"
a=$(buildah run --isolation chroot --user 0:0 "$c" -- du -sk /var/cache/apt | cut -f1)
[ "$a" -lt 1024 ] && pass "no apt cache left in the image (${a} KB)" || fail "/var/cache/apt holds ${a} KB"
hc=$(buildah inspect --type image --format '{{if .Docker.Config.Healthcheck}}{{.Docker.Config.Healthcheck.Test}}{{end}}' localhost/tricktable)
[ -n "$hc" ] && pass "HEALTHCHECK kept (--format docker): $hc" || fail "no HEALTHCHECK in the image config"
buildah rm "$c" >/dev/null
log "done: $fails failed; base $((t1 - t0)) s, build $((t3 - t2)) s"
exit $((fails > 0))
