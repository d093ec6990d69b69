/**
 * Real image files for the photo tests, drawn here: a phone-like JPEG carrying EXIF with a GPS
 * position (what must never be served), and PNG, WebP or GIF files of one colour.
 */
import sharp from 'sharp';
import exifReader from 'exif-reader';

export interface TestPhotoOptions {
  format?: 'jpeg' | 'png' | 'webp' | 'gif';
  width?: number;
  height?: number;
  /** Background colour, e.g. '#c7372f'. */
  color?: string;
  /** Writes EXIF with a camera and a GPS position (JPEG only, as a phone does). */
  gps?: boolean;
  /** A label drawn in the middle, to tell photos apart on screen. */
  label?: string;
}

/** Where the test photos with `gps` say they were taken (Paris, 48°51'24" N 2°21'3" E). */
export const TEST_PHOTO_GPS = { latitude: [48, 51, 24], longitude: [2, 21, 3] } as const;

export async function makeTestPhoto(options: TestPhotoOptions = {}): Promise<Buffer> {
  const { format = 'jpeg', width = 1600, height = 1200, color = '#2f5fb3' } = options;
  let image = sharp({ create: { width, height, channels: 3, background: color } });
  if (options.label) {
    const size = Math.round(Math.min(width, height) / 4);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="50%" y="50%" font-family="sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${options.label}</text></svg>`;
    image = image.composite([{ input: Buffer.from(svg) }]);
  }
  image = image[format]();
  if (options.gps)
    image = image.withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    });
  return image.toBuffer();
}

/** The GPS position an image's EXIF carries, or null when it has no EXIF or no position. */
export async function gpsOf(
  bytes: Buffer,
): Promise<{ latitude: number[]; longitude: number[] } | null> {
  const { exif } = await sharp(bytes).metadata();
  if (!exif) return null;
  const gps = exifReader(exif).GPSInfo;
  if (!gps?.GPSLatitude || !gps.GPSLongitude) return null;
  return { latitude: [...gps.GPSLatitude], longitude: [...gps.GPSLongitude] };
}

/** What an image is, read from its bytes. */
export async function describeImage(bytes: Buffer) {
  const { format, width, height, exif, icc, xmp, iptc } = await sharp(bytes).metadata();
  return { format, width, height, hasExif: !!exif, hasXmp: !!xmp, hasIptc: !!iptc, hasIcc: !!icc };
}
