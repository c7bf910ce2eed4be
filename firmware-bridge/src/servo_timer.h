// Software servo pulses on any digital pin, timed by Timer1 (0.5 µs ticks, 20 ms frame, up to 8 servos).
// While a servo is attached Timer1 is ours, so analogWrite on pins 9 and 10 is not offered.
#pragma once
#include <stdint.h>

const uint8_t SERVO_MAX = 8;

// Attaches (or re-configures) a servo on an Arduino pin; false when all slots are taken. A new servo gets
// no pulses until its first write.
bool servo_attach(uint8_t pin, uint16_t min_us, uint16_t max_us);
void servo_detach(uint8_t pin);
bool servo_attached(uint8_t pin);
// value < 544 is degrees (0–180, mapped over min..max), otherwise microseconds (clamped to min..max).
void servo_write(uint8_t pin, uint16_t value);
void servo_detach_all();
