// A component that re-renders only when a prop changed (shallow, by identity): with the pushed state shared
// structurally (lib/share.js), an unchanged ship's card is not diffed again. Preact's core has no `memo` (it is in
// preact/compat); this is the same idea on a class component's shouldComponentUpdate.
import { Component, h } from "preact";

/** `render` wrapped so it runs only when some prop is not identical to the last one. */
export function memo(render) {
  class Memo extends Component {
    /** @override */
    shouldComponentUpdate(next) {
      const prev = this.props;
      for (const k in next) if (next[k] !== prev[k]) return true;
      for (const k in prev) if (!(k in next)) return true;
      return false;
    }
    render(props) {
      return h(render, props);
    }
  }
  Memo.displayName = `Memo(${render.name || "component"})`;
  return Memo;
}
