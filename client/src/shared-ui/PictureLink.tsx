/**
 * An uploaded picture someone must judge (a top-up's evidence, a licence, a refund's proof):
 * shown at most 220 px high, opened full size in a new tab at a tap.
 */
export function PictureLink({ url, alt }: { url: string; alt: string }) {
  return (
    <a href={url} target="_blank" rel="noopener">
      <img className="picture-link" src={url} alt={alt} loading="lazy" />
    </a>
  );
}
