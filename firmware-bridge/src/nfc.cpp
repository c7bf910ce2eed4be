// PN532 over I2C (UM0701-02 §6.2.4): write a normal information frame to 0x24; poll the status byte until
// 0x01; read the ACK frame; poll again; read the response. Per reader: GetFirmwareVersion (presence),
// SAMConfiguration (normal mode), RFConfiguration MaxRetries (one passive activation try, so an empty
// field answers at once), then InListPassiveTarget (1 target, 106 kbps type A) forever.
#include "nfc.h"

#include <Arduino.h>
#include <string.h>

#include "twi_master.h"

namespace {

const uint8_t MUX_ADDR = 0x70, PN532_ADDR = 0x24;
const uint16_t ACK_TIMEOUT_MS = 30, RESPONSE_TIMEOUT_MS = 150, RETRY_MISSING_MS = 1000;
// Pause between two exchanges: fewer I2C interrupts means steadier software servo pulses; with four
// readers each one is still polled about every 100 ms.
const uint8_t GAP_MS = 20;
const uint8_t MISSES_BEFORE_LEFT = 2;  // consecutive empty polls before a tag counts as taken off
// Consecutive failed exchanges (no ACK on I2C, timeout, bad frame) before a polling reader counts as missing:
// one burst of noise on a long cable must not report the tag on it as left and then arrived again.
const uint8_t FAILURES_BEFORE_MISSING = 3;
const uint8_t READ_LEN = 28;

enum Phase : uint8_t { PROBE, SAM, RETRIES, POLL };
enum Stage : uint8_t { IDLE, WAIT_ACK, WAIT_RESPONSE };

struct Reader {
  Phase phase;
  bool found, reported;
  uint8_t misses, failures, uid_len;
  uint8_t uid[NFC_UID_MAX];
  uint8_t version[3];
  uint32_t retry_at;
};

Reader readers[NFC_READERS_MAX];
uint8_t count = 1, current = 0, visited = 0;
bool mux = false, round_pending = true;
Stage stage = IDLE;
uint32_t deadline, last_check, idle_until;
uint8_t buf[READ_LEN];

const uint8_t CMD_FIRMWARE[] = {0x02};
const uint8_t CMD_SAM[] = {0x14, 0x01, 0x00, 0x00};
const uint8_t CMD_RETRIES[] = {0x32, 0x05, 0xFF, 0x01, 0x01};
const uint8_t CMD_LIST[] = {0x4A, 0x01, 0x00};

bool send_frame(const uint8_t *cmd, uint8_t n) {
  uint8_t f[16];
  uint8_t k = 0, sum = 0xD4;
  f[k++] = 0x00; f[k++] = 0x00; f[k++] = 0xFF;
  f[k++] = n + 1; f[k++] = (uint8_t)(0x100 - (n + 1));
  f[k++] = 0xD4;
  for (uint8_t i = 0; i < n; i++) { f[k++] = cmd[i]; sum += cmd[i]; }
  f[k++] = (uint8_t)(0x100 - sum);
  f[k++] = 0x00;
  return twi_write(PN532_ADDR, f, k);
}

bool select(uint8_t r) {
  if (!mux) return true;
  uint8_t mask = 1 << r;
  return twi_write(MUX_ADDR, &mask, 1);
}

void drop_tag(uint8_t r) {
  Reader &rd = readers[r];
  if (rd.uid_len) on_tag_left(r, rd.uid, rd.uid_len);
  rd.uid_len = 0;
  rd.misses = 0;
}

void mark_missing(uint8_t r) {
  Reader &rd = readers[r];
  visited |= 1 << r;
  drop_tag(r);
  if (rd.found || !rd.reported) on_reader_status(r, false, rd.version);
  rd.found = false;
  rd.reported = true;
  rd.phase = PROBE;
  rd.retry_at = millis() + RETRY_MISSING_MS;
}

// A failed exchange. A reader that is polling keeps its tag and is asked again on its next turn, until
// FAILURES_BEFORE_MISSING failures in a row; one still being set up starts again from the probe.
void exchange_failed(uint8_t r) {
  Reader &rd = readers[r];
  if (rd.phase == POLL && ++rd.failures < FAILURES_BEFORE_MISSING) return;
  rd.failures = 0;
  mark_missing(r);
}

// A reader counts as visited for the round-done marker once it has been polled for a tag (or found missing),
// so the host's snapshot after a reconnect is complete when the marker arrives.
void next_reader() {
  if (round_pending && visited == (1 << count) - 1) {
    round_pending = false;
    on_round_done(count, mux);
  }
  current = (current + 1) % count;
  stage = IDLE;
  idle_until = millis() + GAP_MS;
}

// The response payload after D5, or null when the frame is malformed.
const uint8_t *payload(uint8_t &len) {
  const uint8_t *f = buf + 1;  // skip the status byte
  if (f[0] != 0x00 || f[1] != 0x00 || f[2] != 0xFF) return nullptr;
  uint8_t n = f[3];
  if ((uint8_t)(n + f[4]) != 0 || n < 2 || n + 7 > READ_LEN - 1 || f[5] != 0xD5) return nullptr;
  uint8_t sum = 0;
  for (uint8_t i = 0; i <= n; i++) sum += f[5 + i];
  if (sum != 0) return nullptr;
  len = n - 1;
  return f + 6;
}

void handle_tag(uint8_t r, const uint8_t *p, uint8_t len) {
  Reader &rd = readers[r];
  visited |= 1 << r;
  // p: 4B NbTg Tg ATQA(2) SAK IdLen UID…
  if (len >= 7 && p[1] >= 1 && p[6] > 0 && p[6] <= NFC_UID_MAX && len >= 7 + p[6]) {
    const uint8_t *uid = p + 7;
    uint8_t n = p[6];
    rd.misses = 0;
    if (rd.uid_len == n && memcmp(rd.uid, uid, n) == 0) return;
    drop_tag(r);
    memcpy(rd.uid, uid, n);
    rd.uid_len = n;
    on_tag_arrived(r, uid, n);
  } else if (rd.uid_len && ++rd.misses >= MISSES_BEFORE_LEFT) {
    drop_tag(r);
  }
}

void handle_response(uint8_t r) {
  Reader &rd = readers[r];
  uint8_t len = 0;
  const uint8_t *p = payload(len);
  if (!p) return exchange_failed(r);
  rd.failures = 0;
  switch (rd.phase) {
    case PROBE:
      if (p[0] != 0x03 || len < 4) return mark_missing(r);
      memcpy(rd.version, p + 1, 3);
      if (!rd.found || !rd.reported) on_reader_status(r, true, rd.version);
      rd.found = rd.reported = true;
      rd.phase = SAM;
      break;
    case SAM: rd.phase = RETRIES; break;
    case RETRIES: rd.phase = POLL; break;
    case POLL: handle_tag(r, p, len); break;
  }
}

bool ready() {
  uint8_t s = 0;
  return twi_read(PN532_ADDR, &s, 1) && (s & 1);
}

}  // namespace

void nfc_begin() {
  twi_begin();
  uint8_t none = 0;
  mux = twi_write(MUX_ADDR, &none, 1);
  count = mux ? NFC_READERS_MAX : 1;
  memset(readers, 0, sizeof readers);
  current = 0;
  visited = 0;
  round_pending = true;
  stage = IDLE;
}

void nfc_poll() {
  uint32_t now = millis();
  Reader &rd = readers[current];
  if (stage == IDLE) {
    if ((int32_t)(now - idle_until) < 0) return;
    if (rd.phase == PROBE && rd.reported && (int32_t)(now - rd.retry_at) < 0) return next_reader();
    const uint8_t *cmd = CMD_LIST;
    uint8_t n = sizeof CMD_LIST;
    if (rd.phase == PROBE) { cmd = CMD_FIRMWARE; n = sizeof CMD_FIRMWARE; }
    else if (rd.phase == SAM) { cmd = CMD_SAM; n = sizeof CMD_SAM; }
    else if (rd.phase == RETRIES) { cmd = CMD_RETRIES; n = sizeof CMD_RETRIES; }
    if (!select(current) || !send_frame(cmd, n)) {
      exchange_failed(current);
      return next_reader();
    }
    stage = WAIT_ACK;
    deadline = now + ACK_TIMEOUT_MS;
    last_check = now;
    return;
  }
  if (now == last_check) return;  // poll the status byte at most once a millisecond
  last_check = now;
  if (!ready()) {
    if ((int32_t)(now - deadline) >= 0) {
      exchange_failed(current);
      next_reader();
    }
    return;
  }
  if (!twi_read(PN532_ADDR, buf, stage == WAIT_ACK ? 7 : READ_LEN)) {
    exchange_failed(current);
    return next_reader();
  }
  if (stage == WAIT_ACK) {
    static const uint8_t ACK[6] = {0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00};
    if (memcmp(buf + 1, ACK, 6) != 0) {
      exchange_failed(current);
      return next_reader();
    }
    stage = WAIT_RESPONSE;
    deadline = now + RESPONSE_TIMEOUT_MS;
    return;
  }
  handle_response(current);
  next_reader();
}

void nfc_report_all() {
  for (uint8_t r = 0; r < count; r++) {
    Reader &rd = readers[r];
    if (!rd.reported) continue;
    on_reader_status(r, rd.found, rd.version);
    if (rd.uid_len) on_tag_arrived(r, rd.uid, rd.uid_len);
  }
  visited = 0;
  round_pending = true;
}

uint8_t nfc_reader_count() { return count; }

bool nfc_all_found() {
  for (uint8_t r = 0; r < count; r++)
    if (!readers[r].found) return false;
  return true;
}
