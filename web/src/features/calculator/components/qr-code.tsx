import { encode } from 'uqr'

// The page's address as a QR code, drawn in the browser: a part of its own, loaded only when the QR code is
// opened, so the encoder costs the calculator route nothing until then.

/** The dark modules of the code as one SVG path, one unit a module, with the quiet zone the encoder adds. */
export function qrPath(text: string): { size: number; d: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 4 })
  let d = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, d }
}

/** The address as an SVG QR code; `large` fills most of the screen, for a projector;
 * otherwise 256 px, large enough for a phone's camera at arm's length. */
export default function QrCode({ text, large }: { text: string; large: boolean }) {
  const { size, d } = qrPath(text)
  return (
    <svg
      role="img"
      aria-label="QR-Code dieser Adresse"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={large ? 'h-[min(80vh,90vw)] w-[min(80vh,90vw)]' : 'h-64 w-64'}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}
