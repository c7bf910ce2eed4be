/*
 * Emulated TCA9548A + PN532 (I2C mode) on the simavr TWI bus. Written for quarterdeck from the PN532 user
 * manual's framing (UM0701-02) and simavr's TWI message interface (avr_twi.h): the MCU raises START (with the
 * address byte), WRITE, READ and STOP messages on TWI_IRQ_OUTPUT; a slave answers on TWI_IRQ_INPUT with an
 * ACK message (data bit 0 = ack) or, for reads, a READ message carrying the byte.
 *
 * PN532 over I2C: the host writes a normal information frame; the chip then has an ACK frame ready and,
 * after that has been read, the response frame. Every read starts with a status byte (0x01 = ready).
 */
#include "i2c_bus.h"

#include <avr_twi.h>
#include <sim_irq.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MUX_ADDR 0x70
#define PN532_ADDR 0x24
#define FRAME_MAX 64

typedef struct {
  int missing;
  int glitches; /* command writes still to be refused (NAK), as I2C noise on a long cable would */
  uint8_t uid[FITL_UID_MAX];
  int uid_len;
  uint8_t frames[2][FRAME_MAX]; /* [0] = frame being read, [1] = the one after it */
  int frame_len[2];
  int frame_count;
} pn532_t;

static struct {
  avr_irq_t *irq; /* our two irqs: [0] input (to the MCU), [1] output (from the MCU) */
  int with_mux;
  uint8_t mux_mask;
  int selected; /* -2 none, -1 mux, 0..3 reader */
  int reading;
  int read_index;
  uint8_t wbuf[FRAME_MAX];
  int wlen;
  pn532_t readers[FITL_READERS];
} bus;

static void reply(uint8_t msg, uint8_t addr, uint8_t data) { avr_raise_irq(bus.irq + 0, avr_twi_irq_msg(msg, addr, data)); }

/* Which reader answers at PN532_ADDR now: the lowest enabled mux channel with a present reader. */
static int addressed_reader(void) {
  if (!bus.with_mux) return bus.readers[0].missing ? -2 : 0;
  for (int i = 0; i < FITL_READERS; i++)
    if ((bus.mux_mask & (1 << i)) && !bus.readers[i].missing) return i;
  return -2;
}

static void queue_frame(pn532_t *r, const uint8_t *bytes, int len) {
  if (r->frame_count >= 2 || len > FRAME_MAX) return;
  memcpy(r->frames[r->frame_count], bytes, len);
  r->frame_len[r->frame_count++] = len;
}

/* Builds 00 00 FF LEN LCS D5 payload DCS 00 and queues it. */
static void queue_response(pn532_t *r, const uint8_t *payload, int n) {
  uint8_t f[FRAME_MAX];
  int len = n + 1, k = 0;
  uint8_t sum = 0xD5;
  f[k++] = 0x00; f[k++] = 0x00; f[k++] = 0xFF;
  f[k++] = (uint8_t)len; f[k++] = (uint8_t)(0x100 - len);
  f[k++] = 0xD5;
  for (int i = 0; i < n; i++) { f[k++] = payload[i]; sum += payload[i]; }
  f[k++] = (uint8_t)(0x100 - sum);
  f[k++] = 0x00;
  queue_frame(r, f, k);
}

static void pn532_command(pn532_t *r, const uint8_t *w, int n) {
  /* find 00 FF, then LEN LCS D4 CMD ... DCS */
  int s = -1;
  for (int i = 0; i + 1 < n; i++) if (w[i] == 0x00 && w[i + 1] == 0xFF) { s = i + 2; break; }
  if (s < 0 || s + 3 > n) return;
  int len = w[s];
  if (((w[s] + w[s + 1]) & 0xFF) != 0 || len < 2 || s + 2 + len + 1 > n) return;
  const uint8_t *d = w + s + 2;
  uint8_t sum = 0;
  for (int i = 0; i <= len; i++) sum += d[i];
  if (sum != 0 || d[0] != 0xD4) return; /* a real PN532 ignores a bad frame */
  static const uint8_t ack[6] = {0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00};
  r->frame_count = 0;
  queue_frame(r, ack, 6);
  uint8_t p[FRAME_MAX];
  int k = 0;
  p[k++] = d[1] + 1;
  switch (d[1]) {
    case 0x02: p[k++] = 0x32; p[k++] = 0x01; p[k++] = 0x06; p[k++] = 0x07; break;
    case 0x14: case 0x32: break;
    case 0x52: p[k++] = 0x00; break;
    case 0x4A:
      if (r->uid_len == 0) { p[k++] = 0x00; break; }
      p[k++] = 0x01; p[k++] = 0x01;
      p[k++] = 0x00; p[k++] = r->uid_len == 7 ? 0x44 : 0x04; /* ATQA: NTAG vs MIFARE Classic */
      p[k++] = r->uid_len == 7 ? 0x00 : 0x08;               /* SAK */
      p[k++] = (uint8_t)r->uid_len;
      for (int i = 0; i < r->uid_len; i++) p[k++] = r->uid[i];
      break;
    default: { /* application-level error frame */
      static const uint8_t err[8] = {0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00};
      queue_frame(r, err, 8);
      return;
    }
  }
  queue_response(r, p, k);
}

static void end_transaction(void) {
  if (bus.selected >= 0) {
    pn532_t *r = &bus.readers[bus.selected];
    if (!bus.reading && bus.wlen > 0) pn532_command(r, bus.wbuf, bus.wlen);
    if (bus.reading && bus.read_index > 1 && r->frame_count > 0) { /* a frame was read past the status byte */
      r->frames[0][0] = 0;
      memcpy(r->frames[0], r->frames[1], FRAME_MAX);
      r->frame_len[0] = r->frame_len[1];
      r->frame_count--;
    }
  }
  bus.selected = -2;
  bus.wlen = 0;
  bus.read_index = 0;
}

static void on_twi(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq; (void)param;
  avr_twi_msg_irq_t v;
  v.u.v = value;
  uint8_t msg = v.u.twi.msg, addr = v.u.twi.addr;
  if (getenv("FITL_DEBUG_I2C")) fprintf(stderr, "I2C msg=%02x addr=%02x data=%02x\n", msg, addr, v.u.twi.data);
  if (msg & TWI_COND_STOP) { end_transaction(); return; }
  if (msg & TWI_COND_START) {
    end_transaction(); /* a repeated start ends the previous transfer */
    uint8_t a7 = addr >> 1;
    bus.reading = addr & 1;
    if (bus.with_mux && a7 == MUX_ADDR) bus.selected = -1;
    else if (a7 == PN532_ADDR) bus.selected = addressed_reader();
    else bus.selected = -2;
    if (bus.selected >= 0 && !bus.reading && bus.readers[bus.selected].glitches > 0) {
      bus.readers[bus.selected].glitches--;
      printf("GLITCH %d\n", bus.selected);
      bus.selected = -2; /* no ACK: the MCU sees its command write fail */
    }
    if (bus.selected != -2) reply(TWI_COND_ACK, addr, 1);
    return;
  }
  if (bus.selected == -2) return;
  if (msg & TWI_COND_WRITE) {
    if (bus.selected == -1) bus.mux_mask = v.u.twi.data;
    else if (bus.wlen < FRAME_MAX) bus.wbuf[bus.wlen++] = v.u.twi.data;
    reply(TWI_COND_ACK, addr, 1);
  } else if (msg & TWI_COND_READ) {
    uint8_t out = 0x00;
    if (bus.selected == -1) out = bus.mux_mask;
    else {
      pn532_t *r = &bus.readers[bus.selected];
      int i = bus.read_index;
      if (i == 0) out = r->frame_count > 0 ? 0x01 : 0x00;
      else if (r->frame_count > 0 && i - 1 < r->frame_len[0]) out = r->frames[0][i - 1];
      bus.read_index++;
    }
    reply(TWI_COND_READ, addr, out);
  }
}

static void on_status(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq; (void)param;
  if (getenv("FITL_DEBUG_I2C")) fprintf(stderr, "I2C status=%02x\n", value);
}

void i2c_bus_attach(avr_t *avr, int with_mux) {
  static const char *names[2] = {"8<fitl.i2c.in", "32>fitl.i2c.out"};
  memset(&bus, 0, sizeof bus);
  bus.with_mux = with_mux;
  bus.selected = -2;
  bus.irq = avr_alloc_irq(&avr->irq_pool, 0, 2, names);
  avr_irq_register_notify(bus.irq + 1, on_twi, NULL);
  avr_connect_irq(bus.irq + 0, avr_io_getirq(avr, AVR_IOCTL_TWI_GETIRQ(0), TWI_IRQ_INPUT));
  avr_connect_irq(avr_io_getirq(avr, AVR_IOCTL_TWI_GETIRQ(0), TWI_IRQ_OUTPUT), bus.irq + 1);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_TWI_GETIRQ(0), TWI_IRQ_STATUS), on_status, NULL);
}

int i2c_bus_set_tag(int reader, const uint8_t *uid, int len) {
  if (reader < 0 || reader >= FITL_READERS || len < 0 || len > FITL_UID_MAX) return -1;
  memcpy(bus.readers[reader].uid, uid, len);
  bus.readers[reader].uid_len = len;
  return 0;
}

int i2c_bus_set_missing(int reader, int missing) {
  if (reader < 0 || reader >= FITL_READERS) return -1;
  bus.readers[reader].missing = missing;
  return 0;
}

int i2c_bus_glitch(int reader, int count) {
  if (reader < 0 || reader >= FITL_READERS || count < 1) return -1;
  bus.readers[reader].glitches = count;
  return 0;
}

void i2c_bus_reset(void) {
  bus.selected = -2;
  bus.wlen = 0;
  bus.read_index = 0;
  bus.mux_mask = 0;
  for (int i = 0; i < FITL_READERS; i++) bus.readers[i].frame_count = 0;
}
