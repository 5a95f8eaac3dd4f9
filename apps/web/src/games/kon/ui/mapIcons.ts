/** The map's symbols as SVG paths in a unit box, shared by the map and its legend. */
export const STAR = (() => {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? 1 : 0.45;
    pts.push(`${(Math.cos(a) * rr).toFixed(3)},${(Math.sin(a) * rr).toFixed(3)}`);
  }
  return `M${pts.join('L')}Z`;
})();
export const PLANE =
  'M0,-1 L0.12,-0.3 L0.9,0.15 L0.9,0.3 L0.12,0.1 L0.1,0.65 L0.35,0.85 L0.35,0.95 L0,0.85 L-0.35,0.95 L-0.35,0.85 L-0.1,0.65 L-0.12,0.1 L-0.9,0.3 L-0.9,0.15 L-0.12,-0.3 Z';
export const FLAG = 'M-0.5,1 L-0.5,-1 L0.8,-0.6 L-0.35,-0.2 L-0.35,1 Z';
