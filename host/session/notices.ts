/** Short messages for the display and /control ("die pixel-3 is not needed for this roll"), newest last. */
export interface Notice {
  readonly at: number;
  readonly level: "info" | "warn";
  readonly text: string;
}

/** Keeps the last `size` notices. */
export class NoticeBoard {
  readonly #size: number;
  #items: Notice[] = [];

  constructor(size = 12) {
    this.#size = size;
  }

  add(notice: Notice): void {
    this.#items = [...this.#items, notice].slice(-this.#size);
  }

  list(): readonly Notice[] {
    return this.#items;
  }
}
