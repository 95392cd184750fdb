// The tracking map (Leaflet), loaded on demand: the positions as circle markers (no marker images to ship), flagged
// ones (outside the office area) in the warning colour. Tiles come from the server's tile URL; when they cannot
// load the markers still show on a blank map, and the list beside it is the screen's real content.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { TTrackingRow } from './api';

export type TTrackPoint = Pick<TTrackingRow, 'employeeId' | 'name' | 'employeeCode' | 'localTime' | 'outsideGeofence' | 'accuracy'> & {
  latitude: number;
  longitude: number;
};

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default function TrackMap({
  tileUrl,
  points,
  selected,
  onSelect,
}: {
  tileUrl: string;
  points: TTrackPoint[];
  selected: number | null;
  onSelect: (employeeId: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { zoomControl: true, attributionControl: true }).setView([20.59, 78.96], 5);
    L.tileLayer(tileUrl, { maxZoom: 19, attribution: 'Map tiles' }).addTo(m);
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    markers.current.clear();
    for (const p of points) {
      const flagged = p.outsideGeofence;
      const marker = L.circleMarker([p.latitude, p.longitude], {
        radius: 8,
        weight: 2,
        color: flagged ? '#b45309' : '#047857',
        fillColor: flagged ? '#f59e0b' : '#10b981',
        fillOpacity: 0.8,
      })
        .bindTooltip(
          `<strong>${esc(p.name)}</strong> (${esc(p.employeeCode)})<br>${esc(p.localTime.slice(11, 16))}${flagged ? ' · outside the office area' : ''}`,
        )
        .on('click', () => onSelectRef.current(p.employeeId));
      marker.addTo(group);
      markers.current.set(p.employeeId, marker);
      if (p.accuracy && p.accuracy > 30) {
        L.circle([p.latitude, p.longitude], { radius: p.accuracy, weight: 1, color: '#64748b', fillOpacity: 0.05 }).addTo(group);
      }
    }
    if (points.length) {
      const bounds = L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]));
      m.fitBounds(bounds.pad(0.2), { maxZoom: 16 });
    }
  }, [points]);

  useEffect(() => {
    const m = map.current;
    if (!m || selected === null) return;
    const marker = markers.current.get(selected);
    if (marker) {
      m.setView(marker.getLatLng(), Math.max(m.getZoom(), 15));
      marker.openTooltip();
    }
  }, [selected]);

  return <div ref={box} className="h-96 w-full rounded-lg border" data-testid="track-map" />;
}
