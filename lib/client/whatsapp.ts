// The WhatsApp Support link (spec 000 §7): the digits of the configured number and a prefilled
// text with the username. Null when no number is configured.
export function whatsappLink(number: string | null | undefined, username: string): string | null {
  const digits = (number ?? "").replace(/\D/g, "");
  if (!digits) return null;
  const text = `Hello, this is ${username}. I need help with my school lunch orders.`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
