/**
 * Destination links to the maps people use in China — Amap (高德), Baidu (百度), Apple Maps —
 * beside OpenStreetMap, for one point. Each opens a marker on the point with its Chinese name,
 * never directions: the catalog's points are approximate and no route is verified. The points are
 * WGS-84, and each link says so (Amap `coordinate=wgs84`, Baidu `coord_type=wgs84`), so the
 * Chinese maps shift them onto their own datum instead of misplacing them by a few hundred metres.
 * A saved page carries only its OpenStreetMap link, so the point is read back from it.
 */

export interface MapLink {
  label: string;
  href: string;
}

export function pointFromOsmLink(href: string): { lat: number; lon: number } | null {
  try {
    const url = new URL(href);
    const lat = Number(url.searchParams.get('mlat'));
    const lon = Number(url.searchParams.get('mlon'));
    return url.searchParams.has('mlat') && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
  } catch {
    return null;
  }
}

export function osmLink(point: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.lon}#map=16/${point.lat}/${point.lon}`;
}

export function destinationLinks(point: { lat: number; lon: number }, name: string, osmHref = osmLink(point)): MapLink[] {
  const { lat, lon } = point;
  const q = encodeURIComponent(name);
  return [
    { label: 'Amap 高德', href: `https://uri.amap.com/marker?position=${lon},${lat}&name=${q}&coordinate=wgs84&callnative=1&src=chengdu-soul` },
    {
      label: 'Baidu 百度',
      href: `https://api.map.baidu.com/marker?location=${lat},${lon}&title=${q}&content=${q}&coord_type=wgs84&output=html&src=webapp.chengdusoul.page`,
    },
    { label: 'Apple Maps', href: `https://maps.apple.com/?ll=${lat},${lon}&q=${q}` },
    { label: 'OpenStreetMap', href: osmHref },
  ];
}
