import { createElement } from 'react';
import {
  BookOpen,
  Briefcase,
  Camera,
  ChefHat,
  Code,
  Cpu,
  Film,
  FlaskConical,
  Gamepad2,
  Globe,
  Heart,
  Landmark,
  Leaf,
  Music,
  Newspaper,
  Palette,
  Plane,
  Rss,
  Shield,
  Sprout,
  Telescope,
  Trophy,
  type LucideIcon,
} from 'lucide-react';

/** A starter pack's icon by the name the server gives (STARTER_PACK_ICONS); a name this build does not know is a feed icon. */
const PACK_ICONS: Record<string, LucideIcon> = {
  cpu: Cpu,
  telescope: Telescope,
  globe: Globe,
  palette: Palette,
  code: Code,
  leaf: Leaf,
  'book-open': BookOpen,
  'chef-hat': ChefHat,
  shield: Shield,
  newspaper: Newspaper,
  rss: Rss,
  music: Music,
  film: Film,
  gamepad: Gamepad2,
  camera: Camera,
  briefcase: Briefcase,
  heart: Heart,
  trophy: Trophy,
  landmark: Landmark,
  flask: FlaskConical,
  plane: Plane,
  sprout: Sprout,
};

/** A starter pack's icon, drawn from the app's icon set. */
export function PackIcon({ name, className }: { name: string; className?: string }) {
  return createElement(PACK_ICONS[name] ?? Rss, { 'aria-hidden': true, className });
}
