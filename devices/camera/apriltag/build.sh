#!/usr/bin/env bash
# Builds apriltag-wasm.cjs: the AprilTag 3 C library (tag36h11 only) with qd_apriltag.c, compiled to WebAssembly by
# Debian's emscripten (apt-get install emscripten), the .wasm embedded in the one .cjs file (SINGLE_FILE) so Node and
# a worker load it alike. The library's sources are not kept here: give a checkout of
# https://github.com/AprilRobotics/apriltag at tag v3.4.5 (commit 94be783): APRILTAG_SRC=/path/to/apriltag build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="${APRILTAG_SRC:?APRILTAG_SRC: a checkout of AprilRobotics/apriltag at v3.4.5}"
# Debian's node-acorn lives outside the default module path of a Node installed elsewhere
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
files=(apriltag.c apriltag_quad_thresh.c tag36h11.c)
for f in g2d homography image_u8 image_u8x3 image_u8x4 matd pam pnm string_util svd22 time_util unionfind workerpool \
  zarray zhash zmaxheap pjpeg pjpeg-idct getopt pthreads_cross image_u8_parallel; do files+=("common/$f.c"); done
cd "$src"
emcc -O3 -I. "$here/qd_apriltag.c" "${files[@]}" -o "$here/apriltag-wasm.cjs" \
  -s MODULARIZE=1 -s EXPORT_NAME=createAprilTag -s SINGLE_FILE=1 -s ALLOW_MEMORY_GROWTH=1 \
  -s ENVIRONMENT=node,worker,web \
  -s EXPORTED_FUNCTIONS='["_qd_init","_qd_detect","_malloc","_free"]' \
  -s EXPORTED_RUNTIME_METHODS='["HEAPU8","HEAPF32"]'
echo "wrote $here/apriltag-wasm.cjs"
