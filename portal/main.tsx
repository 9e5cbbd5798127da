// Portal entry: defines both elements (the same library brand sites load) and renders the host page.
import '../widget/index.ts';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './portal-app.tsx';
import './portal.css';

const mountPoint = document.getElementById('portal');
if (mountPoint) createRoot(mountPoint).render(<PortalApp />);
