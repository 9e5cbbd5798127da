// Demo entry: the same library the portal and brand sites use, plus the preview controls.
import '../widget/index.ts';
import { createRoot } from 'react-dom/client';
import { DemoApp } from './demo-app.tsx';
import './demo.css';

const mountPoint = document.getElementById('demo');
if (mountPoint) createRoot(mountPoint).render(<DemoApp />);
