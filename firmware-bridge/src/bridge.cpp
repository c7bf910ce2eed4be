// quarterdeck bridge: one Uno under the table serves the servo wind dial (Firmata, for johnny-five) and up
// to four PN532 ship-base readers (polled here; only arrivals, departures and reader status go to the host).
#include <Arduino.h>

#include "firmata.h"
#include "nfc.h"

namespace {

const uint8_t LED_PIN = 13;
// After a reset the host is still opening the port (and flushing its input): wait before the banner.
const uint16_t BANNER_DELAY_MS = 300;

void sysex_begin(uint8_t sub, uint8_t reader) {
  Serial.write(START_SYSEX);
  Serial.write(NFC_SYSEX);
  Serial.write(sub);
  Serial.write(reader);
}

void status_led() {
  // steady on: every reader answers; blinking at 2 Hz: at least one is missing
  bool on = nfc_all_found() || (millis() / 250) % 2 == 0;
  digitalWrite(LED_PIN, on ? HIGH : LOW);
}

}  // namespace

void on_tag_arrived(uint8_t reader, const uint8_t *uid, uint8_t len) {
  sysex_begin(NFC_TAG_ARRIVED, reader);
  Serial.write(len);
  firmata_write_packed(uid, len);
  Serial.write(END_SYSEX);
}

void on_tag_left(uint8_t reader, const uint8_t *uid, uint8_t len) {
  sysex_begin(NFC_TAG_LEFT, reader);
  Serial.write(len);
  firmata_write_packed(uid, len);
  Serial.write(END_SYSEX);
}

void on_reader_status(uint8_t reader, bool found, const uint8_t version[3]) {
  sysex_begin(NFC_READER_STATUS, reader);
  Serial.write(found ? 1 : 0);
  firmata_write_packed(version, 3);
  Serial.write(END_SYSEX);
}

void on_round_done(uint8_t reader_count, bool mux) {
  sysex_begin(NFC_ROUND_DONE, reader_count);
  Serial.write(mux ? 1 : 0);
  Serial.write(END_SYSEX);
}

void setup() {
  pinMode(LED_PIN, OUTPUT);
  Serial.begin(57600);
  firmata_begin();
  delay(BANNER_DELAY_MS);
  firmata_banner();
  nfc_begin();
}

void loop() {
  while (Serial.available() > 0) firmata_byte(Serial.read());
  nfc_poll();
  firmata_report();
  status_led();
}
