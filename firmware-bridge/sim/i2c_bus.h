/*
 * Emulated I2C peripherals for the firmware-in-the-loop harness: a TCA9548A multiplexer at 0x70 and up to
 * four PN532 NFC readers at 0x24, each on its own multiplexer channel (or one reader directly on the bus
 * when the multiplexer is absent). Attached to the TWI peripheral of a simavr ATmega328P.
 */
#ifndef FITL_I2C_BUS_H
#define FITL_I2C_BUS_H

#include <stdint.h>
#include <sim_avr.h>

#define FITL_READERS 4
#define FITL_UID_MAX 10

/* Creates the bus and connects it to the MCU's TWI. `with_mux` = 0 puts reader 0 directly on the bus. */
void i2c_bus_attach(avr_t *avr, int with_mux);

/* Places a tag (uid bytes) on a reader; len 0 removes it. Returns 0, or -1 for a bad reader number. */
int i2c_bus_set_tag(int reader, const uint8_t *uid, int len);

/* Marks a reader missing (1: it no longer answers its address) or present (0). */
int i2c_bus_set_missing(int reader, int missing);

/* The reader refuses (NAKs) its next `count` command writes, then answers again; prints `GLITCH <reader>` each time. */
int i2c_bus_glitch(int reader, int count);

/* Forgets every half-done transaction and queued PN532 response (the MCU was reset). */
void i2c_bus_reset(void);

#endif
