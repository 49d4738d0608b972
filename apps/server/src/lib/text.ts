/** Fills `{{name}}` placeholders of a text template; a missing value leaves nothing. */
export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A plain-text mail as HTML: a paragraph per blank-line-separated block, line breaks kept, web addresses linked. */
export const mailHtml = (text: string): string =>
  text
    .split('\n\n')
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\n/g, '<br>')
          .replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`,
    )
    .join('\n');
