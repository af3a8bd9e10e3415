// The shipping address an order keeps (checkout/address.ts validates what the buyer typed into it).

/** A validated, normalized shipping address (optional fields are ''). */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
}
