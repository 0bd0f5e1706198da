import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountKeynote } from '../routes/public/keynote.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountKeynote);
