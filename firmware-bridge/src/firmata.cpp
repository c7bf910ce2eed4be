// Firmata protocol (firmata/protocol protocol.md 2.5, servos.md) for an Uno: pins 0–1 are the serial link,
// 13 is the status LED, A4/A5 (18/19) the readers' I2C bus; every other pin does digital I/O and servo,
// 3/5/6/11 PWM, A0–A3 analog input.
#include "firmata.h"

#include <Arduino.h>

#include "nfc.h"
#include "servo_timer.h"

namespace {

const uint8_t PIN_COUNT = 20, FIRST_ANALOG = 14, LED_PIN = 13;
const uint8_t M_INPUT = 0, M_OUTPUT = 1, M_ANALOG = 2, M_PWM = 3, M_SERVO = 4, M_I2C = 6, M_PULLUP = 0x0B;
const uint8_t FW_MAJOR = 2, FW_MINOR = 5;
const char FW_NAME[] = "quarterdeck-bridge";
const uint8_t SYSEX_MAX = 32;

uint8_t mode[PIN_COUNT];
uint8_t report_ports = 0, report_analog = 0;
uint8_t last_port[3] = {0xFF, 0xFF, 0xFF};
uint16_t sampling_ms = 19;
uint32_t last_sample = 0;

uint8_t command = 0, need = 0, got = 0, data[2];
bool in_sysex = false;
uint8_t sysex[SYSEX_MAX], sysex_len = 0;

void report_version() {
  const uint8_t version[] = {0xF9, FW_MAJOR, FW_MINOR};
  Serial.write(version, sizeof version);
}

bool reserved(uint8_t pin) { return pin < 2 || pin == LED_PIN || pin == 18 || pin == 19; }
bool pwm_capable(uint8_t pin) { return pin == 3 || pin == 5 || pin == 6 || pin == 11; }

void write7(uint16_t v) {
  Serial.write(v & 0x7F);
  Serial.write((v >> 7) & 0x7F);
}

void firmware_report() {
  Serial.write(START_SYSEX);
  Serial.write(0x79);
  Serial.write(FW_MAJOR);
  Serial.write(FW_MINOR);
  for (const char *c = FW_NAME; *c; c++) write7(*c);
  Serial.write(END_SYSEX);
}

void capabilities() {
  Serial.write(START_SYSEX);
  Serial.write(0x6C);
  for (uint8_t p = 0; p < PIN_COUNT; p++) {
    if (p == 18 || p == 19) {
      Serial.write(M_I2C);
      Serial.write(1);
    } else if (!reserved(p)) {
      const uint8_t modes[] = {M_INPUT, 1, M_OUTPUT, 1, M_PULLUP, 1, M_SERVO, 14};
      Serial.write(modes, sizeof modes);
      if (pwm_capable(p)) { Serial.write(M_PWM); Serial.write(8); }
      if (p >= FIRST_ANALOG) { Serial.write(M_ANALOG); Serial.write(10); }
    }
    Serial.write(0x7F);
  }
  Serial.write(END_SYSEX);
}

void analog_mapping() {
  Serial.write(START_SYSEX);
  Serial.write(0x6A);
  for (uint8_t p = 0; p < PIN_COUNT; p++) Serial.write(p >= FIRST_ANALOG && p < 18 ? p - FIRST_ANALOG : 0x7F);
  Serial.write(END_SYSEX);
}

void set_mode(uint8_t pin, uint8_t m) {
  if (pin >= PIN_COUNT || reserved(pin)) return;
  if (m != M_INPUT && m != M_PULLUP && m != M_OUTPUT && m != M_PWM && m != M_ANALOG && m != M_SERVO) return;
  if (m != M_SERVO && servo_attached(pin)) servo_detach(pin);
  switch (m) {
    case M_INPUT: pinMode(pin, INPUT); break;
    case M_PULLUP: pinMode(pin, INPUT_PULLUP); break;
    case M_OUTPUT: case M_PWM: pinMode(pin, OUTPUT); break;
    case M_ANALOG: if (pin < FIRST_ANALOG) return; pinMode(pin, INPUT); break;
    case M_SERVO: if (!servo_attached(pin) && !servo_attach(pin, 544, 2400)) return; break;
    default: return;
  }
  // as StandardFirmata: leaving analog mode stops that channel's reports; REPORT_ANALOG starts them
  if (mode[pin] == M_ANALOG && m != M_ANALOG) report_analog &= ~(1 << (pin - FIRST_ANALOG));
  mode[pin] = m;
}

void analog_write(uint8_t pin, uint16_t v) {
  if (pin >= PIN_COUNT) return;
  if (mode[pin] == M_SERVO) servo_write(pin, v);
  else if (mode[pin] == M_PWM && pwm_capable(pin)) analogWrite(pin, v);
}

void digital_port(uint8_t port, uint8_t mask) {
  for (uint8_t i = 0; i < 8; i++) {
    uint8_t pin = port * 8 + i;
    if (pin < PIN_COUNT && mode[pin] == M_OUTPUT && !reserved(pin)) digitalWrite(pin, (mask >> i) & 1);
  }
}

void handle_sysex() {
  if (sysex_len == 0) return;
  uint8_t id = sysex[0];
  if (id == 0x79) firmware_report();
  else if (id == 0x6B) capabilities();
  else if (id == 0x69) analog_mapping();
  else if (id == 0x6D && sysex_len >= 2 && sysex[1] < PIN_COUNT) {
    uint8_t p = sysex[1];
    const uint8_t msg[] = {START_SYSEX, 0x6E, p, mode[p], (uint8_t)(digitalRead(p) & 0x7F), END_SYSEX};
    Serial.write(msg, sizeof msg);
  } else if (id == 0x70 && sysex_len >= 6) {  // SERVO_CONFIG pin min max
    uint8_t p = sysex[1];
    uint16_t lo = sysex[2] | (sysex[3] << 7), hi = sysex[4] | (sysex[5] << 7);
    if (p < PIN_COUNT && !reserved(p) && servo_attach(p, lo, hi)) mode[p] = M_SERVO;
  } else if (id == 0x6F && sysex_len >= 3) {  // EXTENDED_ANALOG pin value…
    uint32_t v = 0;
    for (uint8_t i = 2; i < sysex_len && i < 5; i++) v |= (uint32_t)sysex[i] << (7 * (i - 2));
    analog_write(sysex[1], v > 0xFFFF ? 0xFFFF : v);
  } else if (id == 0x7A && sysex_len >= 3) {
    sampling_ms = sysex[1] | (sysex[2] << 7);
    if (sampling_ms < 10) sampling_ms = 10;
  } else if (id == NFC_SYSEX && sysex_len >= 2 && sysex[1] == NFC_QUERY) {
    nfc_report_all();
  }
}

void handle_command() {
  uint8_t high = command & 0xF0, low = command & 0x0F;
  if (high == 0xE0) analog_write(low, data[0] | (data[1] << 7));
  else if (high == 0x90) digital_port(low, data[0] | (data[1] << 7));
  else if (high == 0xC0 && low < 4) {
    report_analog = data[0] ? report_analog | (1 << low) : report_analog & ~(1 << low);
  } else if (high == 0xD0 && low < 3) {
    report_ports = data[0] ? report_ports | (1 << low) : report_ports & ~(1 << low);
    last_port[low] = 0xFF;  // report the current state at once
  } else if (command == 0xF4) set_mode(data[0], data[1]);
  else if (command == 0xF5 && data[0] < PIN_COUNT && !reserved(data[0]) && mode[data[0]] == M_OUTPUT)
    digitalWrite(data[0], data[1] ? HIGH : LOW);  // never the serial pins, the status LED or the readers' I2C
}

uint8_t data_bytes(uint8_t c) {
  uint8_t high = c & 0xF0;
  if (high == 0xC0 || high == 0xD0) return 1;
  if (high == 0xE0 || high == 0x90 || c == 0xF4 || c == 0xF5) return 2;
  return 0xFF;  // not something we take
}

}  // namespace

void firmata_begin() {
  for (uint8_t p = 0; p < PIN_COUNT; p++) mode[p] = M_OUTPUT;
  report_ports = report_analog = 0;
}

void firmata_banner() {
  report_version();
  firmware_report();
}

void firmata_byte(uint8_t b) {
  if (in_sysex) {
    if (b == END_SYSEX) {
      in_sysex = false;
      handle_sysex();
    } else if (b & 0x80) {
      in_sysex = false;  // a command byte abandons the sysex; handle it below
    } else {
      if (sysex_len < SYSEX_MAX) sysex[sysex_len++] = b;
      return;
    }
    if (b == END_SYSEX) return;
  }
  if (b & 0x80) {
    command = 0;
    if (b == START_SYSEX) { in_sysex = true; sysex_len = 0; }
    else if (b == 0xF9) report_version();
    else if (b == 0xFF) { servo_detach_all(); firmata_begin(); }
    else if (data_bytes(b) != 0xFF) { command = b; need = data_bytes(b); got = 0; }
    return;
  }
  if (!command) return;  // a stray data byte
  data[got++] = b;
  if (got == need) {
    handle_command();
    command = 0;
  }
}

void firmata_report() {
  for (uint8_t port = 0; port < 3; port++) {
    if (!(report_ports & (1 << port))) continue;
    uint8_t v = 0;
    for (uint8_t i = 0; i < 8; i++) {
      uint8_t pin = port * 8 + i;
      if (pin < PIN_COUNT && (mode[pin] == M_INPUT || mode[pin] == M_PULLUP) && digitalRead(pin)) v |= 1 << i;
    }
    if (v == last_port[port]) continue;
    last_port[port] = v;
    const uint8_t msg[] = {(uint8_t)(0x90 | port), (uint8_t)(v & 0x7F), (uint8_t)(v >> 7)};
    Serial.write(msg, sizeof msg);
  }
  uint32_t now = millis();
  if (now - last_sample < sampling_ms) return;
  last_sample = now;
  for (uint8_t ch = 0; ch < 4; ch++) {
    if (!(report_analog & (1 << ch))) continue;
    Serial.write(0xE0 | ch);
    write7(analogRead(FIRST_ANALOG + ch));
  }
}

void firmata_write_packed(const uint8_t *in, uint8_t n) {
  uint16_t acc = 0;
  uint8_t bits = 0;
  for (uint8_t i = 0; i < n; i++) {
    acc |= (uint16_t)in[i] << bits;
    bits += 8;
    while (bits >= 7) {
      Serial.write(acc & 0x7F);
      acc >>= 7;
      bits -= 7;
    }
  }
  if (bits > 0) Serial.write(acc & 0x7F);
}
