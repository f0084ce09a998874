// A question the page asks before it throws a game away, in a modal <dialog>.
// Resolves true when the player agrees, false when they keep their game
// (the Keep button, Escape, or a click outside).

export function createConfirm(dialog) {
  const text = dialog.querySelector(".confirm-text");
  let settle = null;

  dialog.addEventListener("close", () => {
    settle?.(dialog.returnValue === "yes");
    settle = null;
  });

  return function confirm(question, yes) {
    text.textContent = question;
    dialog.querySelector("button[value=yes]").textContent = yes;
    dialog.returnValue = "";
    if (settle) settle(false);
    return new Promise((resolve) => {
      settle = resolve;
      dialog.showModal();
      dialog.querySelector("button[value=no]").focus();
    });
  };
}
