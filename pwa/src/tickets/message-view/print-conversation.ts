// 'Exportar para PDF' (spec 1 §2): the browser's print dialog, where "Save as PDF" is a
// destination, over a print stylesheet that keeps only the conversation (messages.css,
// @media print). No PDF library ships to the app; decision 0034 says why.

/** Marks the document so the print stylesheet shows this list alone, prints, and unmarks it. */
export async function printConversation(list: HTMLElement, win: Window = window): Promise<void> {
  const root = win.document.documentElement;
  list.classList.add("print-target");
  root.classList.add("printing-conversation");
  try {
    // Let the browser lay out the messages just rendered before it paginates them.
    await new Promise((resolve) => win.requestAnimationFrame(() => resolve(null)));
    win.print();
  } finally {
    list.classList.remove("print-target");
    root.classList.remove("printing-conversation");
  }
}
