// The Firmata 2.5 subset johnny-five 2.1 needs (see docs/firmware-bridge.md for the list), plus the
// quarterdeck NFC sysex extension (ID 0x0E).
#pragma once
#include <stdint.h>

const uint8_t START_SYSEX = 0xF0, END_SYSEX = 0xF7;
const uint8_t NFC_SYSEX = 0x0E;
const uint8_t NFC_TAG_ARRIVED = 0x01, NFC_TAG_LEFT = 0x02, NFC_READER_STATUS = 0x03, NFC_ROUND_DONE = 0x04;
const uint8_t NFC_QUERY = 0x10;

void firmata_begin();
// Feeds one byte from the host; garbage is skipped, an unfinished message is abandoned at the next command byte.
void firmata_byte(uint8_t b);
// Reports changed digital inputs and, every sampling interval, enabled analog inputs.
void firmata_report();
// Boot banner: REPORT_VERSION then REPORT_FIRMWARE (what firmata.js waits for before the handshake).
void firmata_banner();
// Writes 8-bit bytes as a continuous stream of 7-bit groups (Firmata's Encoder7Bit layout).
void firmata_write_packed(const uint8_t *data, uint8_t n);
