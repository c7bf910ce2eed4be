/** PN532 frames from nfc-serial-firmata.md §1.3 and §2.4 (checked there against nfcpy's hard-coded bytes). */
export const bytes = (hex: string): Uint8Array => Uint8Array.from(hex.trim().split(/\s+/), (h) => Number.parseInt(h, 16));

export const V = {
  getFirmwareVersion: "00 00 FF 02 FE D4 02 2A 00",
  ack: "00 00 FF 00 FF 00",
  nack: "00 00 FF FF 00 00",
  error: "00 00 FF 01 FF 7F 81 00",
  firmwareResponse: "00 00 FF 06 FA D5 03 32 01 06 07 E8 00",
  samConfiguration: "00 00 FF 05 FB D4 14 01 00 00 17 00",
  samAdafruit: "00 00 FF 05 FB D4 14 01 14 01 02 00",
  samResponse: "00 00 FF 02 FE D5 15 16 00",
  maxRetries: "00 00 FF 06 FA D4 32 05 FF 01 10 E5 00",
  rfResponse: "00 00 FF 02 FE D5 33 F8 00",
  inList: "00 00 FF 04 FC D4 4A 01 00 E1 00",
  ntagFound: "00 00 FF 0F F1 D5 4B 01 01 00 44 00 07 04 A2 3B 5C 1D 6E 80 4B 00",
  classicFound: "00 00 FF 0C F4 D5 4B 01 01 00 04 08 04 DE AD BE EF 96 00",
  noTarget: "00 00 FF 03 FD D5 4B 00 E0 00",
  exchangeTimeout: "00 00 FF 03 FD D5 41 01 E9 00",
  readPage3: "00 00 FF 05 FB D4 40 01 30 03 B8 00",
  readPage3Response: "00 00 FF 13 ED D5 41 00 E1 10 12 00 03 0E D1 01 0A 54 02 65 6E 73 68 69 8D 00",
  readPage4: "00 00 FF 05 FB D4 40 01 30 04 B7 00",
  readPage4Response: "00 00 FF 13 ED D5 41 00 03 0E D1 01 0A 54 02 65 6E 73 68 69 70 2D 30 37 8C 00",
} as const;
