/** The product version: the one place it is written. spec: "Client version: 5.441." */
export const PRODUCT_VERSION = "5.441";
/** spec: "The page title is the translated title plus the product name." */
export const PRODUCT_NAME = "CareSuite";
