import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountWorkshopSeats } from '../routes/public/workshop-seats.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountWorkshopSeats);
