/**
 * QR codes: made with `qrcode` (as SVG, crisp at any size), read from the camera with the
 * browser's BarcodeDetector where it has one, else with jsQR on canvas frames. Both
 * libraries are loaded only when a code is shown or scanned.
 */

/** An SVG picture of `text` as a QR code (low error correction: the codes are read from screens). */
export async function qrSvg(text: string): Promise<string> {
	const QRCode = (await import('qrcode')).default;
	return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
}

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };

/** Reads QR codes from frames of `video` until one is found or `signal` aborts. */
export async function scanVideo(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
	const Native = (globalThis as unknown as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
	let detect: (frame: HTMLVideoElement | HTMLCanvasElement) => Promise<string | null>;
	if (Native) {
		const detector = new Native({ formats: ['qr_code'] });
		detect = async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
	} else {
		const jsQR = (await import('jsqr')).default;
		const canvas = document.createElement('canvas');
		const context = canvas.getContext('2d', { willReadFrequently: true })!;
		detect = async () => {
			const { videoWidth: w, videoHeight: h } = video;
			if (!w || !h) return null;
			canvas.width = w;
			canvas.height = h;
			context.drawImage(video, 0, 0, w, h);
			return jsQR(context.getImageData(0, 0, w, h).data, w, h)?.data ?? null;
		};
	}
	while (!signal.aborted) {
		try {
			const found = await detect(video);
			if (found) return found;
		} catch {
			// A frame not ready yet.
		}
		await new Promise((r) => setTimeout(r, 150));
	}
	throw new DOMException('aborted', 'AbortError');
}

/** Reads a QR code from a picture (a photo of the other screen, when live video is not possible). */
export async function scanImage(file: Blob): Promise<string | null> {
	const bitmap = await createImageBitmap(file);
	const canvas = document.createElement('canvas');
	canvas.width = bitmap.width;
	canvas.height = bitmap.height;
	const context = canvas.getContext('2d')!;
	context.drawImage(bitmap, 0, 0);
	const jsQR = (await import('jsqr')).default;
	return jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height)?.data ?? null;
}
