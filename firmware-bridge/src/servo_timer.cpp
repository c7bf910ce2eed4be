// Timer1 runs free at 2 MHz (prescaler 8). The compare-A interrupt walks the servo slots: it ends the
// previous slot's pulse, starts the next one and sets the compare for its width; after the last slot it
// waits for the end of the 20 ms frame and starts over. The compare fires EARLY_TICKS before a pulse is due
// to end and the interrupt waits on TCNT1 for the exact tick, so another interrupt running at that moment
// (millis, serial, I2C) delays the falling edge only if it takes longer than that: steadier pulses, less buzz.
#include "servo_timer.h"

#include <Arduino.h>
#include <avr/interrupt.h>

namespace {

const uint16_t FRAME_TICKS = 40000;  // 20 ms at 0.5 µs
const uint8_t EARLY_TICKS = 40;  // 20 µs
// Fixed cost between reading TCNT1 and the pin edges (measured in simavr).
const uint8_t TRIM_TICKS = 2;

struct Slot {
  uint8_t pin;  // 0xFF = free
  volatile uint8_t *out;
  uint8_t mask;
  uint16_t min_us, max_us;
  volatile uint16_t ticks;
};

Slot slots[SERVO_MAX];
volatile int8_t current = -1;
uint16_t pulse_end;
bool timer_running = false;

Slot *find(uint8_t pin) {
  for (uint8_t i = 0; i < SERVO_MAX; i++)
    if (slots[i].pin == pin && slots[i].out) return &slots[i];
  return nullptr;
}

void start_timer() {
  if (timer_running) return;
  TCCR1A = 0;  // normal mode (init() left it in 8-bit PWM)
  TCCR1B = _BV(CS11);
  TCNT1 = 0;
  OCR1A = 100;
  TIFR1 = _BV(OCF1A);
  TIMSK1 |= _BV(OCIE1A);
  timer_running = true;
}

}  // namespace

ISR(TIMER1_COMPA_vect) {
  int8_t c = current;
  if (c >= 0 && slots[c].out) {
    while ((int16_t)(TCNT1 - pulse_end) < 0) {
    }
    *slots[c].out &= ~slots[c].mask;  // end of this slot's pulse, on the exact tick
  }
  if (c < 0) TCNT1 = 0;  // start of a frame
  for (c++; c < (int8_t)SERVO_MAX && (!slots[c].out || !slots[c].ticks); c++) {
  }
  if (c < (int8_t)SERVO_MAX) {
    *slots[c].out |= slots[c].mask;
    pulse_end = TCNT1 + slots[c].ticks;
    OCR1A = pulse_end - EARLY_TICKS;
    current = c;
  } else {
    uint16_t now = TCNT1;
    OCR1A = now + 16 < FRAME_TICKS ? FRAME_TICKS : now + 16;
    current = -1;
  }
}

bool servo_attach(uint8_t pin, uint16_t min_us, uint16_t max_us) {
  if (min_us < 400 || max_us > 3000 || min_us >= max_us) return false;
  Slot *s = find(pin);
  if (!s) {
    for (uint8_t i = 0; i < SERVO_MAX && !s; i++)
      if (!slots[i].out) s = &slots[i];
    if (!s) return false;
  }
  pinMode(pin, OUTPUT);
  digitalWrite(pin, LOW);
  uint8_t sreg = SREG;
  cli();
  bool fresh = s->pin != pin || !s->out;
  s->pin = pin;
  s->mask = digitalPinToBitMask(pin);
  s->min_us = min_us;
  s->max_us = max_us;
  // A newly attached servo stays silent (holds no position) until its first write, so a host that
  // reconnects and re-configures the dial does not make it twitch to the middle first.
  if (fresh) s->ticks = 0;
  s->out = portOutputRegister(digitalPinToPort(pin));
  SREG = sreg;
  start_timer();
  return true;
}

void servo_detach(uint8_t pin) {
  Slot *s = find(pin);
  if (!s) return;
  uint8_t sreg = SREG;
  cli();
  *s->out &= ~s->mask;
  s->out = nullptr;
  s->pin = 0xFF;
  SREG = sreg;
}

void servo_detach_all() {
  for (uint8_t i = 0; i < SERVO_MAX; i++)
    if (slots[i].out) servo_detach(slots[i].pin);
}

bool servo_attached(uint8_t pin) { return find(pin) != nullptr; }

void servo_write(uint8_t pin, uint16_t value) {
  Slot *s = find(pin);
  if (!s) return;
  uint16_t us = value;
  if (value < 544) us = s->min_us + (uint32_t)(value > 180 ? 180 : value) * (s->max_us - s->min_us) / 180;
  if (us < s->min_us) us = s->min_us;
  if (us > s->max_us) us = s->max_us;
  uint8_t sreg = SREG;
  cli();
  s->ticks = us * 2 - TRIM_TICKS;
  SREG = sreg;
}
