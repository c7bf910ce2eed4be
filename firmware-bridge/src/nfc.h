// PN532 readers on I2C (one directly, or up to four behind a TCA9548A), polled in turn without blocking.
#pragma once
#include <stdint.h>

const uint8_t NFC_READERS_MAX = 4;
const uint8_t NFC_UID_MAX = 10;

// What the poller reports; implemented by the sysex layer (bridge_sysex.cpp).
void on_tag_arrived(uint8_t reader, const uint8_t *uid, uint8_t len);
void on_tag_left(uint8_t reader, const uint8_t *uid, uint8_t len);
void on_reader_status(uint8_t reader, bool found, const uint8_t version[3]);
void on_round_done(uint8_t reader_count, bool mux);

// Detects the multiplexer and resets every reader to "probe".
void nfc_begin();
// One step of the polling state machine; call from loop().
void nfc_poll();
// Re-sends every reader's status and present tag, then a round-done marker (the host's query).
void nfc_report_all();
uint8_t nfc_reader_count();
bool nfc_all_found();
