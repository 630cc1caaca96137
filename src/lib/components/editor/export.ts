/** Files out of the editor: the plan file, the text picture, and a picture of the board (SVG or PNG). */

export function download(filename: string, data: Blob): void {
	const url = URL.createObjectURL(data);
	const link = document.createElement('a');
	link.href = url;
	link.download = filename;
	document.body.append(link);
	link.click();
	link.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a plan name: letters and digits of any script kept, the rest dashes. */
export function fileName(name: string, extension: string): string {
	const base = name.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'labyrinth';
	return `${base}.${extension}`;
}

const STYLE_PROPERTIES = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin', 'opacity', 'font', 'text-anchor', 'paint-order'];

/**
 * A standalone SVG of a drawn board: the styles the page applies through classes are
 * written onto each element, and the whole board is framed whatever the zoom.
 */
export function standaloneSvg(board: SVGSVGElement, width: number, height: number, background: string): string {
	const copy = board.cloneNode(true) as SVGSVGElement;
	const source = [board, ...board.querySelectorAll('*')];
	const target = [copy, ...copy.querySelectorAll('*')];
	source.forEach((element, i) => {
		const style = getComputedStyle(element);
		const out = target[i] as SVGElement;
		out.removeAttribute('class');
		out.setAttribute('style', STYLE_PROPERTIES.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';'));
	});
	const margin = 0.7;
	copy.setAttribute('viewBox', `${-margin} ${-margin} ${width + 2 * margin} ${height + 2 * margin}`);
	copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
	const pixels = 64;
	copy.setAttribute('width', String(Math.round((width + 2 * margin) * pixels)));
	copy.setAttribute('height', String(Math.round((height + 2 * margin) * pixels)));
	copy.style.background = background;
	return new XMLSerializer().serializeToString(copy);
}

export async function pngFromSvg(svg: string): Promise<Blob> {
	const image = new Image();
	const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
	try {
		image.src = url;
		await image.decode();
		const canvas = document.createElement('canvas');
		canvas.width = image.naturalWidth;
		canvas.height = image.naturalHeight;
		const context = canvas.getContext('2d');
		if (!context) throw new Error('no canvas');
		context.drawImage(image, 0, 0);
		return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'));
	} finally {
		URL.revokeObjectURL(url);
	}
}
