// Demo entry: the same library the portal and brand sites use, plus the preview controls. Like the
// portal's, this entry imports React only with import(): no page's first chunk carries React, so
// the widget's loader stays the first thing every page runs (widget/build-chunks.ts).
import '../widget/index.ts';
import './demo.css';

const mountPoint = document.getElementById('demo');
if (mountPoint) void import('./demo-app.tsx').then(({ mountDemo }) => mountDemo(mountPoint));
