/* quarterdeck's entry points into the AprilTag 3 C library, compiled to WebAssembly (build.sh beside it). */
#include <stdint.h>
#include "apriltag.h"
#include "tag36h11.h"

static apriltag_detector_t *td = 0;

/* The detector for tag36h11: quad_decimate, quad_sigma, refine_edges, decode_sharpening; max bits corrected; the
   threshold's least black-white difference (min_white_black_diff: a tile whose neighbourhood spans less is left
   unknown — raised with the image's noise, it keeps noise out of the segmentation). Creates it on the first call
   (maxhamming is fixed then); later calls change the settings only. */
int qd_init(float decimate, float sigma, int refine, double sharpening, int maxhamming, int minwhiteblack) {
  if (!td) {
    td = apriltag_detector_create();
    apriltag_detector_add_family_bits(td, tag36h11_create(), maxhamming);
  }
  td->quad_decimate = decimate;
  td->quad_sigma = sigma;
  td->refine_edges = refine;
  td->decode_sharpening = sharpening;
  td->nthreads = 1;
  td->qtp.min_white_black_diff = minwhiteblack;
  return zarray_size(td->tag_families) == 1 ? 1 : -1;
}

/* Detects in a grey image (w × h, rows `stride` bytes apart: a region of a larger frame is given in place); writes up to `max` detections of 11 floats each: id, hamming,
   decision margin, then p[0..3] (x, y). Returns how many. */
int qd_detect(uint8_t *buf, int w, int h, int stride, float *out, int max) {
  image_u8_t im = { .width = w, .height = h, .stride = stride, .buf = buf };
  zarray_t *dets = apriltag_detector_detect(td, &im);
  int n = zarray_size(dets);
  int k = 0;
  for (int i = 0; i < n && k < max; i++, k++) {
    apriltag_detection_t *d;
    zarray_get(dets, i, &d);
    float *o = out + 11 * k;
    o[0] = d->id;
    o[1] = d->hamming;
    o[2] = d->decision_margin;
    for (int j = 0; j < 4; j++) {
      o[3 + 2 * j] = d->p[j][0];
      o[4 + 2 * j] = d->p[j][1];
    }
  }
  apriltag_detections_destroy(dets);
  return k;
}
