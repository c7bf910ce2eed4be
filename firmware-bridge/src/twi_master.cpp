// I2C master over the core's Wire library (part of arduino-core-avr, interrupt-driven, with Wire's bus
// timeout switched on so a stuck bus is an error, never a hang).
#include "twi_master.h"

#include <Wire.h>

void twi_begin() {
  Wire.begin();
  Wire.setClock(100000);
  Wire.setWireTimeout(25000, true);  // 25 ms, reset the TWI hardware on timeout
}

bool twi_write(uint8_t addr, const uint8_t *data, uint8_t n) {
  Wire.beginTransmission(addr);
  Wire.write(data, n);
  return Wire.endTransmission() == 0;
}

bool twi_read(uint8_t addr, uint8_t *data, uint8_t n) {
  if (Wire.requestFrom(addr, n) != n) return false;
  for (uint8_t i = 0; i < n; i++) data[i] = Wire.read();
  return true;
}
