import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountAwardees } from '../routes/public/awards-2026.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountAwardees);
