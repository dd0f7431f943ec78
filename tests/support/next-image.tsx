// next/image under Jest: its CommonJS build does not load as an ES module default export. The
// component's own behaviour is Next's; here it only needs to render an <img> with its alt text.
import type { ImgHTMLAttributes } from "react";

type Props = ImgHTMLAttributes<HTMLImageElement> & { priority?: boolean; unoptimized?: boolean };

export default function Image({
  priority: _priority,
  unoptimized: _unoptimized,
  alt,
  ...rest
}: Props) {
  // eslint-disable-next-line @next/next/no-img-element
  return <img alt={alt} {...rest} />;
}
