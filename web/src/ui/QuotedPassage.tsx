/** A quoted passage (a highlight shared as a quote): plain text, rendered escaped, set off as a quotation. */
export function QuotedPassage({ quote }: { quote: string }) {
  return (
    <blockquote className="mt-2.5 whitespace-pre-line break-words border-l-4 border-accent/60 px-3 font-serif text-[1.02rem] leading-relaxed text-ink italic">
      {quote}
    </blockquote>
  );
}
