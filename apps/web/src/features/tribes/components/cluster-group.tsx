import { createElementObject, createPathComponent, extendContext } from '@react-leaflet/core';
import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { ReactNode } from 'react';

/** A cluster's icon: its count as visible text, so the keyboard-focusable marker has a name. */
function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 36 : count < 100 ? 44 : 52;
  return L.divIcon({ html: `<span>${count}</span>`, className: 'tribes-cluster', iconSize: [size, size] });
}

/** leaflet.markercluster as a react-leaflet container: <Marker> children are clustered. */
export const ClusterGroup = createPathComponent<L.MarkerClusterGroup, { children?: ReactNode }>(
  function createClusterGroup(_props, context) {
    const group = L.markerClusterGroup({
      iconCreateFunction: clusterIcon,
      showCoverageOnHover: false,
      chunkedLoading: true,
      maxClusterRadius: 50,
    });
    return createElementObject(group, extendContext(context, { layerContainer: group }));
  },
);
