// Polled I2C (TWI) master with bounded waits: a missing or stuck device is an error, never a hang.
#pragma once
#include <stdint.h>

void twi_begin();
// Writes n bytes to a 7-bit address; false on NACK or timeout.
bool twi_write(uint8_t addr, const uint8_t *data, uint8_t n);
// Reads n bytes; false on NACK or timeout.
bool twi_read(uint8_t addr, uint8_t *data, uint8_t n);
