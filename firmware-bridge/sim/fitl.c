/*
 * quarterdeck firmware-in-the-loop harness: runs an Intel HEX image on a simulated ATmega328P (libsimavr),
 * with UART0 on a pty, a reset whenever the host opens that pty (the DTR auto-reset of a real Uno), servo
 * pulse widths measured on every I/O pin, and emulated I2C NFC readers behind a TCA9548A (i2c_bus.c).
 *
 * Usage: fitl FIRMWARE.hex [--no-mux]          (FITL_REALTIME=1 throttles to wall-clock time)
 * stdout (line-buffered):  PTY <path> | RESET <why> | GLITCH <reader> | SERVO pin=<n> us=<w> t=<s> | LED <0|1> | OK <cmd> | ERR <cmd>
 * stdin (one command a line, applied between simulation slices):
 *   tag <reader> <uid-hex>   place a tag      lift <reader>      take it off
 *   missing <reader>         reader vanishes  present <reader>   it comes back
 *   glitch <reader> [n]      its next n command writes are refused (I2C noise), then it answers again
 *   pin <arduino-pin> <0|1>  drive an input   adc <channel> <mV> voltage on A0–A5 (AVcc = 5000 mV)
 *   reset                    reset the MCU    quit
 * The harness exits when stdin closes, so it never outlives the process that started it.
 */
#include <avr_adc.h>
#include <avr_extint.h>
#include <avr_ioport.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sim_avr.h>
#include <sim_hex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>
#include <uart_pty.h>

#include "i2c_bus.h"

#define F_CPU_HZ 16000000UL

static avr_t *avr;
static uart_pty_t uart;

/* ---- stdin control channel: a reader thread queues lines, the simulation loop applies them ---- */
#define QUEUE_MAX 64
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static char queue[QUEUE_MAX][128];
static int queue_head, queue_tail;
static volatile int stdin_closed;

static void *stdin_thread(void *arg) {
  (void)arg;
  char line[128];
  while (fgets(line, sizeof line, stdin)) {
    pthread_mutex_lock(&queue_lock);
    int next = (queue_tail + 1) % QUEUE_MAX;
    if (next != queue_head) {
      snprintf(queue[queue_tail], sizeof queue[0], "%s", line);
      queue_tail = next;
    }
    pthread_mutex_unlock(&queue_lock);
  }
  stdin_closed = 1;
  return NULL;
}

static void forget_pulses(void);

static void reset_mcu(const char *why) {
  avr_reset(avr);
  forget_pulses(); /* so the first width after the reset is reported even if it equals the last one */
  avr_extint_set_strict_lvl_trig(avr, 0, 0);
  avr_extint_set_strict_lvl_trig(avr, 1, 0);
  i2c_bus_reset();
  printf("RESET %s\n", why);
}

static int parse_uid(const char *hex, uint8_t *out) {
  int n = 0;
  while (*hex && !isspace((unsigned char)*hex)) {
    unsigned v;
    if (n >= FITL_UID_MAX || sscanf(hex, "%2x", &v) != 1 || !isxdigit((unsigned char)hex[1])) return -1;
    out[n++] = (uint8_t)v;
    hex += 2;
  }
  return n;
}

static void apply_command(char *line) {
  line[strcspn(line, "\r\n")] = 0;
  char verb[16] = "", arg[64] = "";
  int reader = -1;
  int got = sscanf(line, "%15s %d %63s", verb, &reader, arg);
  int rc = -1;
  if (got >= 1 && strcmp(verb, "quit") == 0) exit(0);
  if (got >= 1 && strcmp(verb, "reset") == 0) { reset_mcu("command"); rc = 0; }
  else if (got == 3 && strcmp(verb, "tag") == 0) {
    uint8_t uid[FITL_UID_MAX];
    int n = parse_uid(arg, uid);
    rc = n > 0 ? i2c_bus_set_tag(reader, uid, n) : -1;
  } else if (got >= 2 && strcmp(verb, "lift") == 0) rc = i2c_bus_set_tag(reader, NULL, 0);
  else if (got >= 2 && strcmp(verb, "missing") == 0) rc = i2c_bus_set_missing(reader, 1);
  else if (got >= 2 && strcmp(verb, "present") == 0) rc = i2c_bus_set_missing(reader, 0);
  else if (got >= 2 && strcmp(verb, "glitch") == 0) rc = i2c_bus_glitch(reader, got == 3 ? atoi(arg) : 1);
  else if (got == 3 && strcmp(verb, "pin") == 0 && reader >= 0 && reader < 20) {
    char port = reader < 8 ? 'D' : reader < 14 ? 'B' : 'C';
    int bit = reader < 8 ? reader : reader < 14 ? reader - 8 : reader - 14;
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit), atoi(arg) ? 1 : 0);
    rc = 0;
  } else if (got == 3 && strcmp(verb, "adc") == 0 && reader >= 0 && reader < 6) {
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + reader), (uint32_t)atoi(arg));
    rc = 0;
  }
  printf("%s %s\n", rc == 0 ? "OK" : "ERR", line);
}

static void drain_commands(void) {
  for (;;) {
    char line[128];
    pthread_mutex_lock(&queue_lock);
    int empty = queue_head == queue_tail;
    if (!empty) {
      memcpy(line, queue[queue_head], sizeof line);
      queue_head = (queue_head + 1) % QUEUE_MAX;
    }
    pthread_mutex_unlock(&queue_lock);
    if (empty) return;
    apply_command(line);
  }
}

/* ---- servo pulse measurement on every pin of ports B, C, D ---- */
typedef struct {
  int arduino_pin;
  avr_cycle_count_t rise;
  long last_width, reported;
} pin_watch_t;
static pin_watch_t watches[3][8];

static void on_pin(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  pin_watch_t *w = param;
  if (w->arduino_pin == 13) printf("LED %u\n", value ? 1u : 0u);
  if (value) { w->rise = avr->cycle; return; }
  if (w->rise == 0) return;
  long us = (long)((avr->cycle - w->rise) * 1000000ULL / F_CPU_HZ);
  w->rise = 0;
  if (us < 400 || us > 3000) return; /* not a servo pulse */
  /* report once two pulses in a row agree (a lone pulse can be stretched by a colliding ISR) */
  if (labs(us - w->last_width) <= 2 && labs(us - w->reported) > 2) {
    w->reported = us;
    printf("SERVO pin=%d us=%ld t=%.3f\n", w->arduino_pin, us, (double)avr->cycle / F_CPU_HZ);
  }
  w->last_width = us;
}

static void forget_pulses(void) {
  for (int p = 0; p < 3; p++)
    for (int b = 0; b < 8; b++) watches[p][b].rise = watches[p][b].last_width = watches[p][b].reported = 0;
}

static void watch_ports(void) {
  const char ports[3] = {'D', 'B', 'C'};
  const int first_pin[3] = {0, 8, 14};
  const int count[3] = {8, 6, 6};
  for (int p = 0; p < 3; p++)
    for (int b = 0; b < count[p]; b++) {
      pin_watch_t *w = &watches[p][b];
      w->arduino_pin = first_pin[p] + b;
      avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(ports[p]), b), on_pin, w);
    }
}

/* ---- main loop ---- */
static int load_hex(const char *path) {
  ihex_chunk_p chunks = NULL;
  int n = read_ihex_chunks(path, &chunks);
  if (n <= 0) return -1;
  for (int i = 0; i < n; i++)
    if (chunks[i].baseaddr < 0x10000) avr_loadcode(avr, chunks[i].data, chunks[i].size, chunks[i].baseaddr);
  free_ihex_chunks(chunks);
  return 0;
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc < 2) { fprintf(stderr, "usage: fitl FIRMWARE.hex [--no-mux]\n"); return 2; }
  int with_mux = !(argc > 2 && strcmp(argv[2], "--no-mux") == 0);
  avr = avr_make_mcu_by_name("atmega328p");
  if (!avr) { fprintf(stderr, "fitl: simavr has no atmega328p\n"); return 1; }
  avr_init(avr);
  avr->frequency = F_CPU_HZ;
  avr->log = LOG_NONE;
  avr->vcc = avr->avcc = avr->aref = 5000;
  if (load_hex(argv[1]) != 0) { fprintf(stderr, "fitl: cannot read %s\n", argv[1]); return 1; }
  avr_extint_set_strict_lvl_trig(avr, 0, 0);
  avr_extint_set_strict_lvl_trig(avr, 1, 0);

  uart_pty_init(avr, &uart);
  uart_pty_connect(&uart, '0');
  i2c_bus_attach(avr, with_mux);
  watch_ports();

  int ino = inotify_init1(IN_NONBLOCK);
  if (ino < 0 || inotify_add_watch(ino, uart.pty.slavename, IN_OPEN) < 0) { perror("fitl: inotify"); return 1; }
  printf("PTY %s\n", uart.pty.slavename);

  pthread_t th;
  pthread_create(&th, NULL, stdin_thread, NULL);
  const int realtime = getenv("FITL_REALTIME") && strcmp(getenv("FITL_REALTIME"), "1") == 0;
  double start = now_s();
  for (unsigned long slice = 0;; slice++) {
    int state = avr_run(avr);
    if (state == cpu_Done || state == cpu_Crashed) { fprintf(stderr, "fitl: cpu stopped (%d)\n", state); return 1; }
    if ((slice & 0x3FF) != 0) continue;
    char ev[512];
    ssize_t got = read(ino, ev, sizeof ev);
    if (got > 0) reset_mcu("host opened the port");
    drain_commands();
    if (stdin_closed) return 0;
    if (realtime) {
      double ahead = (double)avr->cycle / F_CPU_HZ - (now_s() - start);
      if (ahead > 0.002) usleep((useconds_t)(ahead * 1e6));
    }
  }
}
