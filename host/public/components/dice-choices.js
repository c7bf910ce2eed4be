// What a die may be bound to, as choices the rule set declares (src/dice/roles.ts, `state.ruleset.dice`): the rolls
// it serves (none ticked: any) and the colours of the rules it stands for (none: its own). Used where a die is
// bound — /games/new's last step, /devices' "Bind a die by rolling it" and each die's card. A value already bound
// that the rule set does not declare (a table file's) stays listed, ticked, so saving does not drop it unseen.
import { html } from "../lib/html.js";

/** The rule set's choices of `kind` ("role" or "color") with the values already bound that it does not declare. */
const choicesOf = (declared, kind, chosen) => [
  ...declared.map((d) => ({ value: d[kind], label: d.label, words: d.words })),
  ...chosen.filter((v) => !declared.some((d) => d[kind] === v)).map((v) => ({ value: v, label: v, words: "" })),
];

function Ticks({ legend, hint, choices, chosen, setChosen, id }) {
  const flip = (v, on) => setChosen(on ? [...chosen, v] : chosen.filter((x) => x !== v));
  return html`<fieldset class="dice-choices" aria-describedby=${`${id}-hint`}>
    <legend>${legend}</legend>
    <p class="muted" id=${`${id}-hint`}>${hint}</p>
    <div class="choice-grid">
      ${choices.map(
        (c) => html`<label class="check" title=${c.words || undefined}><input type="checkbox" checked=${chosen.includes(c.value)}
          onChange=${(e) => flip(c.value, e.currentTarget.checked)} />${c.label}</label>`,
      )}
    </div>
  </fieldset>`;
}

/**
 * The roles and colours of a die's binding as choices; `roles`/`colors` are the values chosen, `setRoles`/`setColors`
 * take the new lists. `dice` is the rule set's declaration (`{roles, colors}`); `id` makes the hints' ids unique.
 */
export function DiceChoices({ dice, roles, setRoles, colors, setColors, id, ownColor }) {
  const roleChoices = choicesOf(dice?.roles ?? [], "role", roles);
  const colorChoices = choicesOf(dice?.colors ?? [], "color", colors);
  return html`<${Ticks} legend="Rolls it serves" hint="None ticked: any roll." choices=${roleChoices} chosen=${roles}
      setChosen=${setRoles} id=${`${id}-roles`} />
    ${
      colorChoices.length > 0
        ? html`<${Ticks} legend="Colour in the rules" hint=${`None ticked: its own colour${ownColor ? ` (${ownColor})` : ""}.`}
          choices=${colorChoices} chosen=${colors} setChosen=${setColors} id=${`${id}-colors`} />`
        : html`<p class="muted dice-note">These rules tell no dice apart by colour: any die will do.</p>`
    }`;
}
