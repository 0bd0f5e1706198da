import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountPreviousEvents } from '../routes/public/previous-events.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountPreviousEvents);
